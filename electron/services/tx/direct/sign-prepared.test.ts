import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serializeSignDoc } from "@cosmjs/amino";
import { makeAuthInfoBytes, makeSignBytes, makeSignDoc } from "@cosmjs/proto-signing";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import type { Network } from "../../../../shared/contract/network.js";
import { createEventHub } from "../../event-hub.js";
import { openExternalAccounts } from "../../signers/external-accounts.js";
import { createSigners } from "../../signers/signers.js";
import { vaultAccounts, vaultOnlySigners } from "../../signers/vault-kind.js";
import { watchKind } from "../../signers/watch-kind.js";
import { openVault } from "../../vault/vault.js";
import type { Prepared } from "./prepare.js";
import { signPrepared } from "./sign-prepared.js";
import { aminoSignDocOf, authInfoBytesOf } from "./sign-modes.js";

const injective: Network = {
  id: "injective", name: "Injective", chainId: "injective-1", accessUrl: null, rpcUrls: ["https://rpc.example.org"], bech32Prefix: "inj",
  denoms: [{ base: "inj", display: "INJ", exponent: 18 }], defaultDenom: "inj", rpcVia: "direct", source: "registry",
  coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey",
};

describe("a prepared transaction signed for a network", () => {
  it("is signed with that network's key kind, whichever network is selected", async () => {
    // The selected network is the Hub (118, secp256k1); the transaction is Injective's.
    const vault = openVault({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-vault-")), prefix: () => "cosmos", autoLockMs: () => 0, events: createEventHub() });
    await vault.import("all all all all all all all all all all all all", "correct horse");
    const signer = vault.signerFor(injective);
    const from = signer.accounts()[0]!.address;
    const pubKeyAny = signer.pubKeyAny(from)!;
    const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode({ fromAddress: from, toAddress: from, amount: [{ denom: "inj", amount: "1" }] }).finish() }] })).finish();
    const authInfoBytes = makeAuthInfoBytes([{ pubkey: pubKeyAny, sequence: 0n }], [{ denom: "inj", amount: "100" }], 200_000, undefined, undefined);
    const prepared: Prepared = {
      review: {
        signer: from, chainId: injective.chainId, accountNumber: "12", sequence: "0", signMode: "SIGN_MODE_DIRECT",
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", title: "Send", value: { fromAddress: from, toAddress: from }, review: [] }],
        fee: { amount: [{ denom: "inj", amount: "100" }], gas: "200000" }, gasAdjustment: 1.3, memo: "", timeoutHeight: "100",
      },
      bodyBytes, authInfoBytes, spend: [{ denom: "inj", amount: "1" }], chainSequence: 0n,
    };
    const { txBytes } = await signPrepared(vaultOnlySigners(vault), injective, prepared, "request-1");

    const tx = TxRaw.decode(txBytes);
    const info = AuthInfo.decode(tx.authInfoBytes).signerInfos[0]!;
    expect(info.publicKey!.typeUrl).toBe("/injective.crypto.v1beta1.ethsecp256k1.PubKey");
    const key = PubKey.decode(info.publicKey!.value).key;
    // What the chain checks: secp256k1 over Keccak-256 of the SIGN_MODE_DIRECT sign bytes, by the key in AuthInfo.
    const signBytes = makeSignBytes(makeSignDoc(tx.bodyBytes, tx.authInfoBytes, injective.chainId, 12n));
    expect(secp256k1.verify(tx.signatures[0]!, keccak_256(signBytes), key, { prehash: false })).toBe(true);
    vault.close();
  });
});

describe("a prepared transaction signed by the account's kind", () => {
  const devnet: Network = { ...injective, id: "devnet", chainId: "devnet-1", bech32Prefix: "cosmos", coinType: undefined, keyAlgo: undefined, pubKeyTypeUrl: undefined };
  async function prepared(signMode: "SIGN_MODE_DIRECT" | "SIGN_MODE_LEGACY_AMINO_JSON") {
    const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-vault-"));
    const vault = openVault({ dataDir, prefix: () => "cosmos", autoLockMs: () => 0, events: createEventHub() });
    await vault.import("all all all all all all all all all all all all", "correct horse");
    const external = openExternalAccounts(dataDir);
    const signers = createSigners({ vault: vaultAccounts(vault), external, kinds: { watch: watchKind } });
    const from = signers.accounts(devnet)[0]!.address;
    const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode({ fromAddress: from, toAddress: from, amount: [{ denom: "ucomet", amount: "1" }] }).finish() }], memo: "m", timeoutHeight: 90n })).finish();
    const fee = [{ denom: "ucomet", amount: "100" }];
    const authInfoBytes = authInfoBytesOf({ pubkey: signers.signerFor(devnet, from).pubKeyAny(), sequence: 3n, signMode }, fee, 200_000n);
    const aminoSignDoc = signMode === "SIGN_MODE_LEGACY_AMINO_JSON" ? aminoSignDocOf(bodyBytes, { fee: { amount: fee, gas: 200_000n }, chainId: devnet.chainId, accountNumber: 12n, sequence: 3n }) : undefined;
    const made = (signer: string): Prepared => ({
      review: {
        signer, chainId: devnet.chainId, accountNumber: "12", sequence: "3", signMode,
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", title: "Send", value: {}, review: [] }],
        fee: { amount: fee, gas: "200000" }, gasAdjustment: 1.3, memo: "m", timeoutHeight: "90",
      },
      bodyBytes, authInfoBytes, aminoSignDoc, spend: [], chainSequence: 3n,
    });
    return { vault, external, signers, from, made };
  }

  it("in LEGACY_AMINO_JSON: the signature is over the prepared amino sign doc, and AuthInfo names that mode", async () => {
    const { vault, signers, from, made } = await prepared("SIGN_MODE_LEGACY_AMINO_JSON");
    const prepared_ = made(from);
    const { txBytes } = await signPrepared(signers, devnet, prepared_, "request-2");
    const tx = TxRaw.decode(txBytes);
    const info = AuthInfo.decode(tx.authInfoBytes).signerInfos[0]!;
    expect(info.modeInfo?.single?.mode).toBe(SignMode.SIGN_MODE_LEGACY_AMINO_JSON);
    expect(prepared_.aminoSignDoc).toMatchObject({ memo: "m", timeout_height: "90", sequence: "3", account_number: "12", msgs: [{ type: "cosmos-sdk/MsgSend" }] });
    const key = PubKey.decode(info.publicKey!.value).key;
    expect(secp256k1.verify(tx.signatures[0]!, sha256(serializeSignDoc(prepared_.aminoSignDoc!)), key, { prehash: false })).toBe(true);
    vault.close();
  });

  it("for a watch-only address: refused in words before anything is signed", async () => {
    const { vault, external, signers, made } = await prepared("SIGN_MODE_DIRECT");
    external.add({ kind: "watch", networkId: "devnet", address: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu", label: "Watched", pubKey: "" });
    await expect(signPrepared(signers, devnet, made("cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu"), "request-3")).rejects.toMatchObject({ code: "cannot_sign_here" });
    vault.close();
  });
});
