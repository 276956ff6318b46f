import { pubkeyToAddress } from "@cosmjs/amino";
import { fromBase64, toBase64, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, encodePubkey, makeAuthInfoBytes, Registry } from "@cosmjs/proto-signing";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCodecs, loadedCodec } from "../../../../shared/cosmos/message-loaders.js";
import { decodeTx as decodeWithCodecs, messageTypesOf } from "./tx-decoder.js";

const MNEMONIC = "test test test test test test test test test test test junk";

async function sendTx(memo: string, extraType?: string): Promise<{ base64: string; from: string }> {
  const [account] = await (await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: "devnet" })).getAccounts();
  const from = account!.address;
  const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: from, toAddress: from, amount: [{ denom: "ustake", amount: "42" }] }) };
  const registry = new Registry([["/cosmos.bank.v1beta1.MsgSend", MsgSend]]);
  const messages = [registry.encodeAsAny(send), ...(extraType ? [{ typeUrl: extraType, value: new Uint8Array([1, 2, 3]) }] : [])];
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages, memo })).finish();
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: encodePubkey({ type: "tendermint/PubKeySecp256k1", value: toBase64(account!.pubkey) }), sequence: 7 }], [{ denom: "ustake", amount: "5000" }], 200000, undefined, undefined);
  const raw = TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [new Uint8Array(64)] })).finish();
  expect(pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: toBase64(account!.pubkey) }, "devnet")).toBe(from);
  return { base64: toBase64(raw), from };
}

const decodeTx = (base64: string) => decodeWithCodecs(base64, loadedCodec);

describe("decodeTx", () => {
  beforeAll(() => loadCodecs(["/cosmos.bank.v1beta1.MsgSend"]));

  it("names the message types to load before decoding", async () => {
    const { base64 } = await sendTx("", "/example.v1.MsgUnknown");
    expect(messageTypesOf(base64)).toEqual(["/cosmos.bank.v1beta1.MsgSend", "/example.v1.MsgUnknown"]);
    expect(messageTypesOf("%%%")).toEqual([]);
  });

  it("decodes a MsgSend with its fee, memo, signer and hash", async () => {
    const { base64, from } = await sendTx("hello \u202Eworld");
    const result = decodeTx(base64);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tx.hash).toBe(toHex(sha256(fromBase64(base64))).toUpperCase());
    expect(result.tx.messages).toEqual([
      expect.objectContaining({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", fields: { fromAddress: from, toAddress: from, amount: [{ denom: "ustake", amount: "42" }] } }),
    ]);
    expect(result.tx.memo).toBe("hello \u202Eworld");
    expect(result.tx.fee).toEqual({ amount: [{ denom: "ustake", amount: "5000" }], gasLimit: "200000", payer: "", granter: "" });
    // The signer's address is derived from its public key with the messages' own prefix.
    expect(result.tx.signers).toEqual([expect.objectContaining({ address: from, sequence: "7" })]);
    expect(result.tx.signatureCount).toBe(1);
  });

  it("keeps unknown message types as raw bytes", async () => {
    const { base64 } = await sendTx("", "/example.v1.MsgUnknown");
    const result = decodeTx(base64);
    expect(result.ok && result.tx.messages[1]).toEqual({ typeUrl: "/example.v1.MsgUnknown", fields: null, raw: "AQID" });
  });

  it("reports bytes that are not a transaction instead of throwing", () => {
    const garbage = decodeTx(toBase64(new Uint8Array([0xff, 0xff, 0xff])));
    expect(garbage).toMatchObject({ ok: false, hash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(decodeTx("%%%")).toMatchObject({ ok: false, error: "not base64" });
  });
});
