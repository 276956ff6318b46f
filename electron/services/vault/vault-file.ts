import { z } from "zod";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import { Sealed } from "./vault-crypto.js";
import { VaultCorruptError } from "./vault-errors.js";

/** Public account data kept in clear, so addresses can be listed while locked. */
export const PublicAccount = z.object({ index: z.number().int().min(0).max(2 ** 31 - 1), label: z.string().max(64), pubKey: z.string() });
export type PublicAccount = z.infer<typeof PublicAccount>;

export const VaultFile = z.object({ version: z.literal(1), accounts: z.array(PublicAccount).min(1), sealed: Sealed });
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
