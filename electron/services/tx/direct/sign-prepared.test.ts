import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeAuthInfoBytes, makeSignBytes, makeSignDoc } from "@cosmjs/proto-signing";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import type { Network } from "../../../../shared/contract/network.js";
import { createEventHub } from "../../event-hub.js";
import { vaultOnlySigners } from "../../signers/vault-kind.js";
import { openVault } from "../../vault/vault.js";
import type { Prepared } from "./prepare.js";
import { signPrepared } from "./sign-prepared.js";

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
