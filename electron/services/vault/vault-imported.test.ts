import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSignDoc, serializeSignDoc } from "@cosmjs/amino";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { toHex } from "@cosmjs/encoding";
import { describe, expect, it } from "vitest";
import type { KeyFacts } from "../../../shared/network/key-facts.js";
import { createEventHub } from "../event-hub.js";
import { decryptCliKey, parseUnarmoredHex } from "./cli-key.js";
import { openVault } from "./vault.js";
import { vaultOnlySigners } from "../signers/vault-kind.js";
import { IMPORTED_INDEX_BASE } from "../../../shared/contract/wallet.js";

const ALICE = JSON.parse(readFileSync("devnet/accounts.json", "utf8")).accounts[0] as { mnemonic: string; address: string };
const SIMD = JSON.parse(readFileSync("electron/services/vault/test/simd-0.53.8-export.json", "utf8")) as { passphrase: string; armor: string; hex: string; address: string };
/**
 * A vault.json written by the vault as it was before imported keys (commit 0f5505a): alice's devnet
 * phrase, password "correct horse", accounts "Account 1" and "Second".
 */
const V1_FILE = "electron/services/vault/test/vault-v1-before-imported-keys.json";

function fresh(facts: () => KeyFacts = () => ({})) {
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-vault-imported-"));
  const vault = openVault({ dataDir, prefix: () => "cosmos", keyFacts: facts, autoLockMs: () => 0, events: createEventHub() });
  return { vault, dataDir, path: join(dataDir, "vault.json") };
}

const transfer = (from: string) =>
  makeSignDoc([{ type: "cosmos-sdk/MsgSend", value: { from_address: from, to_address: from, amount: [{ denom: "stake", amount: "1" }] } }], { amount: [], gas: "200000" }, "cometdesk-devnet", "", 0, 0);

describe("imported keys in the vault", () => {
  it("opens a vault file written before imported keys, unchanged, and keeps it version 1 while it has none", async () => {
    const { vault, path } = fresh();
    copyFileSync(V1_FILE, path);
    await vault.unlock("correct horse");
    expect(vault.accounts().map((a) => a.label)).toEqual(["Account 1", "Second"]);
    expect(vault.accounts()[0]!.address).toBe(ALICE.address);
    expect((await vault.reveal("correct horse")).mnemonic).toBe(ALICE.mnemonic);
    await vault.addAccount("Third");
    expect(JSON.parse(readFileSync(path, "utf8")).version).toBe(1);
  });

  it("adds a simd export to a version-1 vault: listed at simd's address while locked, kept across lock, unlock and a new password", async () => {
    const { vault, path } = fresh();
    copyFileSync(V1_FILE, path);
    await vault.unlock("correct horse");
    const added = await vault.importKey(await decryptCliKey(SIMD.armor, SIMD.passphrase), "node key");
    expect(added).toMatchObject({ address: SIMD.address, label: "node key", kind: "imported" });
    const file = readFileSync(path, "utf8");
    expect(JSON.parse(file).version).toBe(2);
    expect(file).not.toContain(SIMD.hex);
    vault.lock();
    expect(vault.accounts().map((a) => a.address)).toContain(SIMD.address);
    await vault.changePassword("correct horse", "a new password");
    vault.lock();
    await expect(vault.unlock("correct horse")).rejects.toMatchObject({ code: "wrong_password" });
    await vault.unlock("a new password");
    const signed = await vault.signAmino(SIMD.address, transfer(SIMD.address));
    const sig = Secp256k1Signature.fromFixedLength(Buffer.from(signed.signature, "base64"));
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(transfer(SIMD.address))), Buffer.from(signed.pubKey, "base64"))).toBe(true);
    expect((await vault.reveal("a new password")).mnemonic).toBe(ALICE.mnemonic);
  });

  it("does not open when the clear list of imported keys was changed", async () => {
    const { vault, path } = fresh();
    await vault.import(ALICE.mnemonic, "correct horse");
    await vault.importKey(parseUnarmoredHex(SIMD.hex, "secp256k1"), "node key");
    vault.lock();
    const f = JSON.parse(readFileSync(path, "utf8"));
    f.imported[0].label = "renamed";
    await import("node:fs").then((fs) => fs.writeFileSync(path, JSON.stringify(f)));
    await expect(vault.unlock("correct horse")).rejects.toMatchObject({ code: "wrong_password" });
  });

  it("refuses a key the vault has: an imported one again, or an account derived from the phrase", async () => {
    const { vault } = fresh();
    await vault.import(ALICE.mnemonic, "correct horse");
    await vault.importKey(parseUnarmoredHex(SIMD.hex, "secp256k1"), "node key");
    await expect(vault.importKey(await decryptCliKey(SIMD.armor, SIMD.passphrase), "again")).rejects.toMatchObject({ code: "cli_key_duplicate", message: expect.stringMatching(/already has this key, as "node key"/) });
    const export0 = await vault.exportKey(ALICE.address, "correct horse", "a passphrase");
    await expect(vault.importKey(await decryptCliKey(export0.armor, "a passphrase"), "alice")).rejects.toMatchObject({ code: "cli_key_duplicate", message: expect.stringMatching(/as "Account 1"/) });
  });

  it("refuses an eth_secp256k1 key on a secp256k1 network, and lists a key only on networks of its algorithm", async () => {
    let facts: KeyFacts = {};
    const { vault } = fresh(() => facts);
    await vault.import(ALICE.mnemonic, "correct horse");
    await expect(vault.importKey(parseUnarmoredHex(SIMD.hex, "ethsecp256k1"), "eth")).rejects.toMatchObject({ code: "cli_key_type", message: expect.stringMatching(/eth_secp256k1 key, but this network's accounts are secp256k1/) });
    await vault.importKey(parseUnarmoredHex(SIMD.hex, "secp256k1"), "node key");
    facts = { coinType: 60, keyAlgo: "ethsecp256k1" };
    expect(vault.accounts().some((a) => a.kind === "imported")).toBe(false);
    facts = { coinType: 529 };
    expect(vault.accounts().find((a) => a.kind === "imported")?.address).toBe(SIMD.address);
  });

  it("exports an account only with the vault password, to the key it holds", async () => {
    const { vault } = fresh();
    await vault.import(ALICE.mnemonic, "correct horse");
    await vault.importKey(parseUnarmoredHex(SIMD.hex, "secp256k1"), "node key");
    await expect(vault.exportKey(SIMD.address, "wrong", "a passphrase")).rejects.toMatchObject({ code: "wrong_password" });
    const { armor, label } = await vault.exportKey(SIMD.address, "correct horse", "a passphrase");
    expect(label).toBe("node key");
    expect(toHex((await decryptCliKey(armor, "a passphrase")).privateKey)).toBe(SIMD.hex);
  });

  it("is an account of kind \"imported\" behind the one signer interface, past every other account's index, and signs in both modes", async () => {
    const { vault } = fresh();
    await vault.import(ALICE.mnemonic, "correct horse");
    await vault.importKey(parseUnarmoredHex(SIMD.hex, "secp256k1"), "node key");
    const network = { id: "devnet", bech32Prefix: "cosmos" };
    const signers = vaultOnlySigners(vault);
    expect(signers.accounts(network).map((a) => [a.kind, a.index])).toEqual([["vault", 0], ["imported", IMPORTED_INDEX_BASE]]);
    const signer = signers.signerFor(network, SIMD.address);
    expect(signer).toMatchObject({ kind: "imported", signModes: ["SIGN_MODE_DIRECT", "SIGN_MODE_LEGACY_AMINO_JSON"] });
    const { signature } = await signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: transfer(SIMD.address) });
    expect(await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), sha256(serializeSignDoc(transfer(SIMD.address))), Buffer.from(signer.pubKey, "base64"))).toBe(true);
  });
});
