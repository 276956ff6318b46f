import { toHex } from "@cosmjs/encoding";
import { type Sealed, sealWithKey } from "./vault-crypto.js";
import { associatedData, type ImportedAccount, type PublicAccount, type VaultFile, versionFor } from "./vault-file.js";

/** What the vault keeps sealed while unlocked: the phrase, and imported private keys by their base64 public key. */
export interface SealedSecrets {
  readonly mnemonic: string;
  readonly keys: ReadonlyMap<string, Uint8Array>;
}

/**
 * The file for `accounts` and `imported`, its secrets sealed under `key`: one place builds the
 * version, the secret's JSON and the associated data, so every write agrees on all three.
 */
export function sealedFile(
  base: { readonly accounts: PublicAccount[]; readonly derivedKeys?: VaultFile["derivedKeys"] },
  imported: readonly ImportedAccount[],
  key: Uint8Array,
  kdf: Sealed["kdf"],
  secrets: SealedSecrets,
): VaultFile {
  const keys = Object.fromEntries([...secrets.keys].map(([pubKey, priv]) => [pubKey, toHex(priv)]));
  const secret = new TextEncoder().encode(JSON.stringify(secrets.keys.size === 0 ? { mnemonic: secrets.mnemonic } : { mnemonic: secrets.mnemonic, keys }));
  const sealed = sealWithKey(key, kdf, secret, associatedData(base.accounts, imported));
  secret.fill(0);
  return { ...versionFor(imported), accounts: base.accounts, derivedKeys: base.derivedKeys, sealed };
}
