import { z } from "zod";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import { Sealed } from "./vault-crypto.js";
import { VaultCorruptError } from "./vault-errors.js";

/** Public account data kept in clear, so addresses can be listed while locked. */
export const PublicAccount = z.object({ index: z.number().int().min(0).max(2 ** 31 - 1), label: z.string().max(64), pubKey: z.string() });
export type PublicAccount = z.infer<typeof PublicAccount>;

/** A compressed secp256k1 public key (33 bytes) in base64, as both key algorithms keep it. */
const CompressedKey = z.string().regex(/^[A-Za-z0-9+/]{44}$/);

/**
 * Public keys derived at paths other than m/44'/118'/0'/0/i (another coin type or a user's path),
 * by path, so a locked vault still lists that network's accounts. Optional, and outside the
 * associated data: a file without it is one written before, and a build that predates it strips
 * the unknown field and opens the file as before. A damaged map reads as none (the keys are
 * derived again at the next unlock) rather than setting the whole wallet aside as corrupt.
 */
const DerivedKeys = z.record(z.string().max(120), CompressedKey).optional().catch(undefined);

export const VaultFile = z.object({ version: z.literal(1), accounts: z.array(PublicAccount).min(1), sealed: Sealed, derivedKeys: DerivedKeys });
export type VaultFile = z.infer<typeof VaultFile>;

/** What is encrypted. */
export const Secret = z.object({ mnemonic: z.string() });

/** The clear part is bound to the ciphertext as AEAD associated data, so it cannot be swapped. */
export function associatedData(accounts: readonly PublicAccount[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ version: 1, accounts }));
}

export function readVaultFile(path: string, problems?: ProblemLog): VaultFile | undefined {
  const read = readJsonFile(path, VaultFile);
  if (read.status === "missing") return undefined;
  // A damaged wallet is kept aside by readJsonFile; the user restores it or imports the mnemonic.
  if (read.status === "corrupt") {
    problems?.add({ file: path, keptAs: read.keptAs, reason: read.reason });
    throw new VaultCorruptError(`${read.reason}; it was kept as ${read.keptAs}`);
  }
  return read.value;
}

export function writeVaultFile(path: string, file: VaultFile): void {
  writeFileAtomic(path, JSON.stringify(VaultFile.parse(file)), 0o600);
}
