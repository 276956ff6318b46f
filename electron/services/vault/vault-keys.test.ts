import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fromBase64, fromBech32, toBech32 } from "@cosmjs/encoding";
import { makeSignDoc as makeAminoSignDoc, serializeSignDoc } from "@cosmjs/amino";
import { DirectSecp256k1HdWallet, makeAuthInfoBytes, makeSignBytes, makeSignDoc } from "@cosmjs/proto-signing";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import type { KeyFacts } from "../../../shared/network/key-facts.js";
import { createEventHub } from "../event-hub.js";
import { openVault } from "./vault.js";

// Public test mnemonics only: shapeshift/hdwallet's (its terra.test.ts gives the Terra address)
// and the devnet's alice (devnet/accounts.json).
const ALL = "all all all all all all all all all all all all";
const ALICE = JSON.parse(readFileSync("devnet/accounts.json", "utf8")).accounts[0] as { mnemonic: string; address: string };

function vaultOn(network: { prefix: string; facts: KeyFacts }) {
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-vault-"));
  const vault = openVault({ dataDir, prefix: () => network.prefix, keyFacts: () => network.facts, autoLockMs: () => 0, events: createEventHub() });
  return { vault, path: join(dataDir, "vault.json") };
}

/** A SIGN_MODE_DIRECT sign doc of one MsgSend from `from`, with `pubKey` in AuthInfo as the chain's type URL. */
function sendDoc(from: string, pubKey: { typeUrl: string; value: Uint8Array }) {
  const bodyBytes = TxBody.encode(TxBody.fromPartial({
    messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode({ fromAddress: from, toAddress: from, amount: [{ denom: "inj", amount: "1" }] }).finish() }],
  })).finish();
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: pubKey, sequence: 3n }], [{ denom: "inj", amount: "500" }], 200_000, undefined, undefined);
  return makeSignDoc(bodyBytes, authInfoBytes, "injective-1", 7n);
}

describe("the vault's keys per network", () => {
  it("shows an account at the network's coin type, and that key the file keeps stays the one at 118", async () => {
    const network = { prefix: "terra", facts: { coinType: 330 } as KeyFacts };
    const { vault, path } = vaultOn(network);
    const [created] = (await vault.import(ALL, "correct horse")).accounts;
    expect(created!.address).toBe("terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz"); // hdwallet-native terra.test.ts
    // The file still holds the key at m/44'/118'/0'/0/0: a vault written before coin types reads the same.
    const stored = JSON.parse(readFileSync(path, "utf8")).accounts[0].pubKey as string;
    network.facts = {};
    expect(vault.accounts()[0]!.pubKey).toBe(stored);
    expect(vault.accounts()[0]!.address).toBe(toBech32("terra", fromBech32("cosmos1knuunh0lmwyrkjmrj7sky49uxk3peyzhzsvqqf", 90).data));
    vault.close();
  });

  it("a locked vault still lists a Terra account it showed while unlocked, from the public key the file now keeps", async () => {
    const network = { prefix: "terra", facts: {} as KeyFacts };
    const { vault, path } = vaultOn(network);
    await vault.import(ALL, "correct horse");
    // Made on a 118 network, the file is as the build before this map writes it: the accounts at 118 and the sealed phrase only.
    const before = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    expect(Object.keys(before).sort()).toEqual(["accounts", "sealed", "version"]);
    vault.lock();
    network.facts = { coinType: 330 };
    await vault.unlock("correct horse");
    const [shown] = vault.accounts();
    expect(shown!.address).toBe("terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz");
    vault.lock();
    expect(vault.accounts()).toEqual([shown]);
    // The 118 key the file's accounts hold is unchanged, so the sealed part (bound to it) still opens.
    const after = JSON.parse(readFileSync(path, "utf8")) as { accounts: unknown; derivedKeys: Record<string, string> };
    expect(after.accounts).toEqual(before.accounts);
    expect(after.derivedKeys).toEqual({ "m/44'/330'/0'/0/0": shown!.pubKey });
    // Another start of the app reads it from disk.
    const again = openVault({ dataDir: dirname(path), prefix: () => "terra", keyFacts: () => ({ coinType: 330 }), autoLockMs: () => 0, events: createEventHub() });
    expect(again.accounts()).toEqual([shown]);
    expect((await again.unlock("correct horse")).locked).toBe(false);
    again.close();
    vault.close();
  });

  it("a damaged map of derived keys reads as none: the wallet opens and derives them again", async () => {
    const { vault, path } = vaultOn({ prefix: "terra", facts: { coinType: 330 } });
    const [created] = (await vault.import(ALL, "correct horse")).accounts;
    vault.lock();
    const file = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...file, derivedKeys: { "m/44'/330'/0'/0/0": "not a key" } }));
    expect(vault.accounts()).toEqual([]);
    await vault.unlock("correct horse");
    expect(vault.accounts()).toEqual([created]);
    vault.lock();
    expect(vault.accounts()).toEqual([created]);
    vault.close();
  });

  it("signs at 118 exactly as CosmJS's wallet does, so nothing changes for the networks of today", async () => {
    const { vault } = vaultOn({ prefix: "cosmos", facts: {} });
    await vault.import(ALICE.mnemonic, "correct horse");
    const cosmjs = await DirectSecp256k1HdWallet.fromMnemonic(ALICE.mnemonic, { prefix: "cosmos" });
    const [account] = await cosmjs.getAccounts();
    expect(vault.accounts()[0]!.address).toBe(account!.address);
    const doc = sendDoc(account!.address, { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: account!.pubkey }).finish() });
    const ours = await vault.signDirect(account!.address, doc);
    const theirs = await cosmjs.signDirect(account!.address, doc);
    expect(ours.signature).toBe(theirs.signature.signature);
    vault.close();
  });

  it("ethsecp256k1: puts the chain's type URL in AuthInfo and signs Keccak-256 of the sign bytes, as the chain verifies", async () => {
    const facts: KeyFacts = { coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey" };
    const { vault } = vaultOn({ prefix: "inj", facts });
    const [account] = (await vault.import(ALL, "correct horse")).accounts;
    const signer = vault.signerFor({ ...facts, bech32Prefix: "inj" });
    const any = signer.pubKeyAny(account!.address)!;
    expect(any.typeUrl).toBe("/injective.crypto.v1beta1.ethsecp256k1.PubKey");
    expect(PubKey.decode(any.value).key).toEqual(fromBase64(account!.pubKey));

    const doc = sendDoc(account!.address, any);
    // The same phrase's 118 address is not an account on this network, and the refusal says which network.
    const hub = vault.signerFor({ bech32Prefix: "inj" }).accounts()[0]!.address;
    await expect(signer.signDirect(hub, doc)).rejects.toThrow(/not an account of this wallet on this network \(its prefix, coin type and key algorithm\)/);
    const { signature, pubKey } = await signer.signDirect(account!.address, doc);
    const signBytes = makeSignBytes(doc);
    const sig = fromBase64(signature);
    expect(sig).toHaveLength(64);
    // What cosmos/evm's PubKey.VerifySignature checks: secp256k1 over keccak256(signBytes), r‖s.
    expect(secp256k1.verify(sig, keccak_256(signBytes), fromBase64(pubKey), { prehash: false })).toBe(true);
    // Not over SHA-256, as a Cosmos SDK secp256k1 key would sign.
    expect(secp256k1.verify(sig, sha256(signBytes), fromBase64(pubKey), { prehash: false })).toBe(false);
    // The address is the Keccak-256 one of that key.
    const uncompressed = secp256k1.Point.fromBytes(fromBase64(pubKey)).toBytes(false);
    expect(fromBech32(account!.address, 90).data).toEqual(keccak_256(uncompressed.subarray(1)).subarray(12));
    vault.close();
  });

  it("ethsecp256k1 amino: Keccak-256 of the amino JSON, and the public key under the chain's amino name", async () => {
    const facts: KeyFacts = { coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/ethermint.crypto.v1.ethsecp256k1.PubKey" };
    const { vault } = vaultOn({ prefix: "crc", facts });
    const [account] = (await vault.import(ALL, "correct horse")).accounts;
    const doc = makeAminoSignDoc([{ type: "cosmos-sdk/MsgSend", value: { from_address: account!.address, to_address: account!.address, amount: [{ denom: "basecro", amount: "1" }] } }],
      { amount: [{ denom: "basecro", amount: "500" }], gas: "200000" }, "cronosmainnet_25-1", "", 7, 3);
    const { signature, pubKey, aminoPubKey } = await vault.signerFor({ ...facts, bech32Prefix: "crc" }).signAmino(account!.address, doc);
    // evmos/ethermint crypto/ethsecp256k1/ethsecp256k1.go: PubKeyName "ethermint/PubKeyEthSecp256k1".
    expect(aminoPubKey).toEqual({ type: "ethermint/PubKeyEthSecp256k1", value: pubKey });
    expect(secp256k1.verify(fromBase64(signature), keccak_256(serializeSignDoc(doc)), fromBase64(pubKey), { prehash: false })).toBe(true);
    vault.close();
  });
});
