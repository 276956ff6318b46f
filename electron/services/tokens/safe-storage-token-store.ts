import { join } from "node:path";
import { z } from "zod";
import { AppError } from "../app-error.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import type { TokenStore } from "./token-store.js";

/** The part of Electron's `safeStorage` this store needs (https://www.electronjs.org/docs/latest/api/safe-storage). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: "basic_text" means no keychain, so "encrypted" data is effectively plain text. */
  getSelectedStorageBackend?(): string;
}

export class TokenStorageError extends AppError {
  constructor(message: string) {
    super("token_storage_unavailable", message);
  }
}

const TokensFile = z.object({ version: z.literal(1), tokens: z.record(z.string(), z.string()) });

export interface SafeStorageTokenStoreOptions {
  readonly dataDir: string;
  readonly safeStorage: SafeStorageLike;
  /** Whether the user agreed to keep tokens under the plain-text fallback (settings). */
  readonly plainTextConsent: () => boolean;
  readonly problems: ProblemLog;
}

/** Tokens encrypted with the OS keychain via safeStorage, in tokens.json under the data dir. */
export function openSafeStorageTokenStore(options: SafeStorageTokenStoreOptions): TokenStore {
  const path = join(options.dataDir, "tokens.json");
  const read = readJsonFile(path, TokensFile);
  if (read.status === "corrupt") options.problems.add({ file: path, keptAs: read.keptAs, reason: read.reason });
  let tokens: Record<string, string> = read.status === "ok" ? read.value.tokens : {};
  const save = (next: Record<string, string>) => {
    writeFileAtomic(path, JSON.stringify({ version: 1, tokens: next }));
    tokens = next;
  };
  const usable = () => {
    const { safeStorage } = options;
    if (!safeStorage.isEncryptionAvailable()) throw new TokenStorageError("the OS keychain is not available, so the token cannot be stored safely");
    if (safeStorage.getSelectedStorageBackend?.() === "basic_text" && !options.plainTextConsent()) {
      throw new TokenStorageError(
        "no OS keychain was found (basic_text backend): the token would be stored as plain text. Allow plain-text tokens in settings to continue.",
      );
    }
    return safeStorage;
  };
  return {
    async get(id) {
      const sealed = tokens[id];
      if (sealed === undefined) return undefined;
      try {
        return usable().decryptString(Buffer.from(sealed, "base64"));
      } catch (error) {
        if (error instanceof TokenStorageError) throw error;
        return undefined; // sealed by another keychain (a copied profile): the user enters it again
      }
    },
    async set(id, token) {
      const sealed = usable().encryptString(token).toString("base64");
      save({ ...tokens, [id]: sealed });
    },
    async clear(id) {
      const { [id]: _gone, ...rest } = tokens;
      save(rest);
    },
    has: async (id) => tokens[id] !== undefined,
  };
}
