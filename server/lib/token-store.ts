import { randomBytes } from "node:crypto";
import { hashToken, type TokenEntry } from "./tokens.js";
import type { MaybePromise } from "./tx-store.js";

/**
 * The service's API tokens, kept as sha256 hashes only: `tokens.json` in the data folder
 * (`TokenFile`) or a table beside the transactions (`postgres/pg-tokens.ts`). A running
 * service sees a token created or revoked elsewhere within a second.
 */
export interface TokenStore {
  /** Every token, revoked ones included. */
  entries(): MaybePromise<TokenEntry[]>;
  /** Creates a token and returns it; this is the only time its text exists. */
  create(name: string): MaybePromise<{ token: string; entry: TokenEntry }>;
  /** Revokes every live token whose id or name is `idOrName`; returns how many. */
  revoke(idOrName: string): MaybePromise<number>;
  /** The live token entry for a presented token, or undefined. */
  verify(token: string): MaybePromise<TokenEntry | undefined>;
  /** Forgets the cache, so the next verify reads the tokens again (after a create or revoke in this process). */
  reload(): void;
}

/** A new random token and its entry (hash only); the caller stores the entry and shows the token once. */
export function mintToken(name: string): { token: string; entry: TokenEntry } {
  const token = `cdt_${randomBytes(32).toString("base64url")}`;
  return { token, entry: { id: randomBytes(6).toString("hex"), name, hash: hashToken(token), createdAt: new Date().toISOString() } };
}
