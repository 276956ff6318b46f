import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serializeSignDoc } from "@cosmjs/amino";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { afterEach, describe, expect, it } from "vitest";
import { createEventHub } from "../event-hub.js";
import { openVault } from "../vault/vault.js";
import { modeFor } from "./account-signer.js";
import { EXTERNAL_INDEX_BASE, openExternalAccounts } from "./external-accounts.js";
import { createSigners } from "./signers.js";
import { vaultAccounts } from "./vault-kind.js";
import { watchKind } from "./watch-kind.js";

const devnet = { id: "devnet", name: "Devnet", bech32Prefix: "cosmos" };
const dir = () => mkdtempSync(join(tmpdir(), "cometdesk-signers-"));
const opened: Array<{ close(): unknown }> = [];
afterEach(() => opened.splice(0).forEach((v) => v.close()));

async function wallet() {
  const data = dir();
  const vault = openVault({ dataDir: data, prefix: () => "cosmos", autoLockMs: () => 0, events: createEventHub() });
  opened.push(vault);
  await vault.import("all all all all all all all all all all all all", "correct horse");
  const external = openExternalAccounts(data);
  return { vault, external, signers: createSigners({ vault: vaultAccounts(vault), external, kinds: { watch: watchKind } }) };
}

describe("one interface over every account kind", () => {
  it("lists the vault's accounts and the network's external ones, each with its kind, at indexes that never meet", async () => {
    const { external, signers } = await wallet();
    external.add({ kind: "watch", networkId: "devnet", address: "cosmos1watched", label: "Cold storage", pubKey: "" });
    external.add({ kind: "multisig", networkId: "devnet", address: "cosmos1multi", label: "Treasury", pubKey: "", multisig: { threshold: 2, members: [{ pubKey: "B".repeat(44) }, { pubKey: "C".repeat(44) }, { pubKey: "D".repeat(44) }] } });
    external.add({ kind: "watch", networkId: "elsewhere", address: "cosmos1other", label: "Other network", pubKey: "" });
    const listed = signers.accounts(devnet);
    expect(listed.map((a) => [a.kind, a.index, a.label])).toEqual([["vault", 0, "Account 1"], ["watch", EXTERNAL_INDEX_BASE, "Cold storage"], ["multisig", EXTERNAL_INDEX_BASE + 1, "Treasury"]]);
    expect(listed[2]!.multisig).toEqual({ threshold: 2, members: 3 });
  });

  it("a vault account signs in both modes; the amino signature verifies over the serialized sign doc", async () => {
    const { signers } = await wallet();
    const address = signers.accounts(devnet)[0]!.address;
    const signer = signers.signerFor(devnet, address);
    expect(signer).toMatchObject({ kind: "vault", signModes: ["SIGN_MODE_DIRECT", "SIGN_MODE_LEGACY_AMINO_JSON"] });
    expect(modeFor(signer)).toBe("SIGN_MODE_DIRECT");
    const doc = { chain_id: "c", account_number: "1", sequence: "0", fee: { amount: [], gas: "1" }, memo: "", msgs: [{ type: "cosmos-sdk/MsgDelegate", value: { delegator_address: address, validator_address: "cosmosvaloper1x", amount: { denom: "stake", amount: "1" } } }] };
    const { signature } = await signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: doc });
    expect(secp256k1.verify(signature, sha256(serializeSignDoc(doc)), Buffer.from(signer.pubKey, "base64"), { prehash: false })).toBe(true);
  });

  it("a watch-only address prepares in the mode asked for and refuses to sign, in words", async () => {
    const { external, signers } = await wallet();
    external.add({ kind: "watch", networkId: "devnet", address: "cosmos1watched", label: "Cold storage", pubKey: "" });
    const signer = signers.signerFor(devnet, "cosmos1watched");
    expect(signer.signModes).toEqual([]);
    expect(signer.pubKeyAny()).toBeUndefined();
    expect(modeFor(signer)).toBe("SIGN_MODE_DIRECT");
    expect(modeFor(signer, "SIGN_MODE_LEGACY_AMINO_JSON")).toBe("SIGN_MODE_LEGACY_AMINO_JSON");
    await expect(signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: { chain_id: "c", account_number: "1", sequence: "0", fee: { amount: [], gas: "1" }, memo: "", msgs: [] } }))
      .rejects.toMatchObject({ code: "cannot_sign_here", message: expect.stringMatching(/watch-only address: it cannot sign here; export the transaction unsigned/) });
  });

  it("refuses an address that is no account of the wallet, and a kind this build has no factory for", async () => {
    const { external, signers } = await wallet();
    expect(() => signers.signerFor(devnet, "cosmos1stranger")).toThrow(/cosmos1stranger is not an account of this wallet on Devnet/);
    external.add({ kind: "ledger", networkId: "devnet", address: "cosmos1ledger", label: "Operator", pubKey: "A".repeat(44), ledger: { hdPath: "m/44'/118'/0'/0/0", coinType: 118 } });
    expect(() => signers.signerFor(devnet, "cosmos1ledger")).toThrow(expect.objectContaining({ code: "kind_unavailable" }));
  });

  it("a kind that signs in one mode refuses another, in words", () => {
    expect(() => modeFor({ address: "cosmos1ledger", kind: "ledger", signModes: ["SIGN_MODE_LEGACY_AMINO_JSON"] }, "SIGN_MODE_DIRECT")).toThrow(/cosmos1ledger \(ledger\) cannot sign in SIGN_MODE_DIRECT/);
    expect(modeFor({ address: "cosmos1ledger", kind: "ledger", signModes: ["SIGN_MODE_LEGACY_AMINO_JSON"] })).toBe("SIGN_MODE_LEGACY_AMINO_JSON");
  });
});
