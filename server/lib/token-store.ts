import { randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { z } from "zod";
import type { MaybePromise } from "./tx-store.js";

/** One API token as stored: its hash only, never its text. */
export const TokenEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** sha256 of the token, hex: the token itself is never stored. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.string(),
  revokedAt: z.string().optional(),
});
export type TokenEntry = z.infer<typeof TokenEntrySchema>;

/** sha256 hex of a presented token. */
export function hashToken(token: string): string {
  return Buffer.from(sha256(Buffer.from(token, "utf8"))).toString("hex");
}

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
