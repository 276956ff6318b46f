import { z } from "zod";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import { KEY_ALGOS } from "../../../shared/network/key-facts.js";
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

/**
 * A key imported from a node's CLI (cli-key.ts), listed while locked by its public key. It is a
 * raw key, not derived: it has one address per prefix on every network of its algorithm.
 */
export const ImportedAccount = z.object({ label: z.string().max(64), pubKey: CompressedKey, algo: z.enum(KEY_ALGOS) });
export type ImportedAccount = z.infer<typeof ImportedAccount>;

/**
 * Version 1: a phrase and the accounts derived from it. Version 2 adds `imported`, and is written
 * only once a key was imported, so a vault without one stays a version-1 file that earlier
 * builds open (they would set a version-2 file aside as unreadable).
 */
const Common = { accounts: z.array(PublicAccount).min(1), sealed: Sealed, derivedKeys: DerivedKeys };
export const VaultFile = z.discriminatedUnion("version", [
  z.object({ version: z.literal(1), ...Common }),
  z.object({ version: z.literal(2), ...Common, imported: z.array(ImportedAccount).max(100) }),
]);
export type VaultFile = z.infer<typeof VaultFile>;

/** The imported accounts of a file of either version. */
export const importedOf = (f: VaultFile): readonly ImportedAccount[] => (f.version === 2 ? f.imported : []);

/** What is encrypted: the phrase, and the imported private keys (hex) by their public key (base64). */
export const Secret = z.object({ mnemonic: z.string(), keys: z.record(CompressedKey, z.string().regex(/^[0-9a-f]{64}$/)).optional() });
export type Secret = z.infer<typeof Secret>;

/**
 * The clear part is bound to the ciphertext as AEAD associated data, so it cannot be swapped. A
 * version-1 file's is what it always was, so files written before version 2 open unchanged.
 */
export function associatedData(accounts: readonly PublicAccount[], imported: readonly ImportedAccount[] = []): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(imported.length === 0 ? { version: 1, accounts } : { version: 2, accounts, imported }));
}

/** The file's fields for its accounts: version 1 without imported keys, 2 with them. */
export function versionFor(imported: readonly ImportedAccount[]): { version: 1 } | { version: 2; imported: ImportedAccount[] } {
  return imported.length === 0 ? { version: 1 } : { version: 2, imported: [...imported] };
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
