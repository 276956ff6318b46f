import type pg from "pg";
import { z } from "zod";
import { StoreUnavailableError } from "../errors.js";
import { hashToken, mintToken, type TokenEntry, type TokenStore } from "../token-store.js";
import { unavailable } from "./pool.js";

const RowSchema = z.object({ id: z.string(), name: z.string(), hash: z.string().regex(/^[0-9a-f]{64}$/), created_at: z.string(), revoked_at: z.string().nullable() });

function entryOf(row: unknown): TokenEntry {
  const r = RowSchema.parse(row);
  return { id: r.id, name: r.name, hash: r.hash, createdAt: r.created_at, ...(r.revoked_at === null ? {} : { revokedAt: r.revoked_at }) };
}

/** How often the live tokens are read again: a revoke elsewhere takes effect within this. */
const REFRESH_MS = 1_000;
/** Past this without a successful read, requests are refused (503) rather than judged by an old list that may hold a revoked token. */
const STALE_MS = 10_000;

/** Tokens in the `api_tokens` table, shared by every replica; verify reads them at most once a second. */
export class PgTokens implements TokenStore {
  private byHash = new Map<string, TokenEntry>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  async entries(): Promise<TokenEntry[]> {
    return (await this.query("SELECT id, name, hash, created_at, revoked_at FROM api_tokens ORDER BY created_at, id")).map(entryOf);
  }

  async create(name: string): Promise<{ token: string; entry: TokenEntry }> {
    const minted = mintToken(name);
    const { id, hash, createdAt } = minted.entry;
    await this.query("INSERT INTO api_tokens (id, name, hash, created_at) VALUES ($1, $2, $3, $4)", [id, name, hash, createdAt]);
    return minted;
  }

  async revoke(idOrName: string): Promise<number> {
    const rows = await this.query("UPDATE api_tokens SET revoked_at = $2 WHERE (id = $1 OR name = $1) AND revoked_at IS NULL RETURNING id", [idOrName, new Date().toISOString()]);
    return rows.length;
  }

  async verify(token: string): Promise<TokenEntry | undefined> {
    const now = Date.now();
    if (now - this.loadedAt > REFRESH_MS) {
      try {
        await (this.loading ??= this.load().finally(() => (this.loading = undefined)));
      } catch (err) {
        if (now - this.loadedAt > STALE_MS) throw err instanceof StoreUnavailableError ? err : new StoreUnavailableError(`the tokens cannot be read: ${(err as Error).message}`, { cause: err });
      }
    }
    return this.byHash.get(hashToken(token));
  }

  reload(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async load(): Promise<void> {
    const rows = await this.query({ name: "live-tokens", text: "SELECT id, name, hash, created_at, revoked_at FROM api_tokens WHERE revoked_at IS NULL", values: [] });
    this.byHash = new Map(rows.map(entryOf).map((e) => [e.hash, e]));
    this.loadedAt = Date.now();
  }

  private async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<unknown[]> {
    try {
      return (await (typeof config === "string" ? this.pool.query(config, values) : this.pool.query(config))).rows;
    } catch (err) {
      return unavailable(err);
    }
  }
}
