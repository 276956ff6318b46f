import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { nodeSyncFiles, replaceFileSync, type SyncFiles } from "./durable-file.js";
import { hashToken, mintToken, type TokenEntry, TokenEntrySchema, type TokenStore } from "./token-store.js";

export { hashToken, type TokenEntry } from "./token-store.js";

const TokenFileSchema = z.object({ tokens: z.array(TokenEntrySchema) });

/**
 * API tokens in `tokens.json` in the data folder. The CLI writes the file; a running service
 * re-reads it when it changes, so `token revoke` takes effect without a restart.
 */
export class TokenFile implements TokenStore {
  private byHash = new Map<string, TokenEntry>();
  private loadedMtime = -1;
  private checkedAt = 0;

  constructor(
    readonly path: string,
    /** The file layer (tests inject faults here). */
    private readonly files: SyncFiles = nodeSyncFiles,
  ) {}

  /** Every token, revoked ones included. */
  entries(): TokenEntry[] {
    if (!existsSync(this.path)) return [];
    return TokenFileSchema.parse(JSON.parse(readFileSync(this.path, "utf8"))).tokens;
  }

  /** Creates a token and returns it; this is the only time its text exists. */
  create(name: string): { token: string; entry: TokenEntry } {
    const { token, entry } = mintToken(name);
    this.write([...this.entries(), entry]);
    return { token, entry };
  }

  /** Revokes every live token whose id or name is `idOrName`; returns how many. */
  revoke(idOrName: string): number {
    let count = 0;
    const now = new Date().toISOString();
    const next = this.entries().map((e) => {
      if ((e.id !== idOrName && e.name !== idOrName) || e.revokedAt) return e;
      count++;
      return { ...e, revokedAt: now };
    });
    if (count > 0) this.write(next);
    return count;
  }

  /** The live token entry for a presented token, or undefined. Re-reads the file at most once a second. */
  verify(token: string): TokenEntry | undefined {
    const now = Date.now();
    if (now - this.checkedAt > 1_000) {
      this.checkedAt = now;
      const mtime = existsSync(this.path) ? statSync(this.path).mtimeMs : 0;
      if (mtime !== this.loadedMtime) {
        this.loadedMtime = mtime;
        this.byHash = new Map(this.entries().filter((e) => !e.revokedAt).map((e) => [e.hash, e]));
      }
    }
    return this.byHash.get(hashToken(token));
  }

  /** Forgets the cache so the next verify reads the file (used right after create/revoke in-process). */
  reload(): void {
    this.checkedAt = 0;
    this.loadedMtime = -1;
  }

  /** Whole and durable before it counts (a full disk keeps the old file and throws a StorageError). */
  private write(tokens: TokenEntry[]): void {
    mkdirSync(dirname(this.path), { recursive: true });
    replaceFileSync(this.path, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600, files: this.files });
  }
}
