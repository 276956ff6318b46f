/**
 * The secrets of an e2e run, gathered on the main-process side (files main reads, the vault
 * main writes), never from the renderer: access tokens, every devnet recovery phrase, phrases
 * the run created, the private keys behind them, and the bridges' long-lived secrets.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeCosmoshubPath } from "@cosmjs/amino";
import { Bip39, EnglishMnemonic, Slip10, Slip10Curve } from "@cosmjs/crypto";
import { z } from "zod";
import { repoRoot } from "../../devnet/lib/layout.js";
import { deriveKey, openWithKey } from "../../electron/services/vault/vault-crypto.js";
import { associatedData, readVaultFile, Secret as SealedSecret } from "../../electron/services/vault/vault-file.js";
import type { Secret } from "./secret-scan.js";

const typed: Secret[] = [];

/** Registers a secret a spec types into the app (a token), so the scan looks for it too. */
export function typedSecret(label: string, value: string): void {
  typed.push({ label, kind: "token", value });
}

const DevnetFile = z.object({
  access: z.object({ token: z.string() }).optional(),
  accounts: z.array(z.object({ name: z.string(), mnemonic: z.string() })),
  /** The validators' own keys: offered at first run too, so just as secret. */
  validators: z.array(z.object({ name: z.string(), mnemonic: z.string() })).default([]),
});

/** The phrase in a data folder's vault, opened with the password the specs use. */
export async function vaultMnemonic(dataDir: string, password: string): Promise<string | undefined> {
  const file = readVaultFile(join(dataDir, "vault.json"));
  if (!file) return undefined;
  const key = await deriveKey(password, file.sealed.kdf);
  const plain = openWithKey(key, file.sealed, associatedData(file.accounts));
  return SealedSecret.parse(JSON.parse(new TextDecoder().decode(plain))).mnemonic;
}

/** The private keys of a phrase's first accounts, as hex. */
async function privateKeys(mnemonic: string): Promise<string[]> {
  const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(mnemonic));
  return [0, 1, 2].map((i) => Buffer.from(Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(i)).privkey).toString("hex"));
}

export interface RunSecretSources {
  /** Folders whose devnet.json holds an access token and demo accounts. */
  readonly devnetDirs: readonly string[];
  /** App data folders whose vault the run may have created, with the password it used. */
  readonly vaults: ReadonlyArray<{ readonly dataDir: string; readonly password: string }>;
  /** The long-lived secrets of the suite's bridges: never in a URL, nor anywhere in a page. */
  readonly bridges: ReadonlyArray<{ readonly label: string; readonly secret: string }>;
}

/** Every secret of the run, labelled without revealing it. */
export async function runSecrets(sources: RunSecretSources): Promise<Secret[]> {
  const secrets: Secret[] = [...typed, ...sources.bridges.map((b) => ({ label: b.label, kind: "bridge secret" as const, value: b.secret }))];
  const phrases = new Map<string, string>();
  const repoAccounts = DevnetFile.parse(JSON.parse(readFileSync(join(repoRoot, "devnet", "accounts.json"), "utf8")));
  for (const a of repoAccounts.accounts) phrases.set(a.mnemonic, `${a.name}'s recovery phrase`);
  for (const dir of sources.devnetDirs) {
    const path = join(dir, "devnet.json");
    if (!existsSync(path)) continue;
    const info = DevnetFile.parse(JSON.parse(readFileSync(path, "utf8")));
    if (info.access) secrets.push({ label: `the access token of ${dir.replace(repoRoot, ".")}`, kind: "token", value: info.access.token });
    for (const a of [...info.accounts, ...info.validators]) if (!phrases.has(a.mnemonic)) phrases.set(a.mnemonic, `${a.name}'s recovery phrase`);
  }
  for (const v of sources.vaults) {
    const mnemonic = await vaultMnemonic(v.dataDir, v.password);
    if (mnemonic && !phrases.has(mnemonic)) phrases.set(mnemonic, `the recovery phrase created in ${v.dataDir.replace(repoRoot, ".")}`);
  }
  for (const [mnemonic, label] of phrases) {
    secrets.push({ label, kind: "mnemonic", value: mnemonic });
    for (const [i, hex] of (await privateKeys(mnemonic)).entries()) secrets.push({ label: `the private key of account ${i} of ${label}`, kind: "private key", value: hex });
  }
  return secrets;
}
