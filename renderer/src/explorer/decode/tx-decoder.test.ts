import { pubkeyToAddress } from "@cosmjs/amino";
import { fromBase64, fromBech32, toBase64, toBech32, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, encodePubkey, makeAuthInfoBytes, Registry } from "@cosmjs/proto-signing";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgEditValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCodecs, loadedCodec } from "../../../../shared/cosmos/message-loaders.js";
import { decodeTx as decodeWithCodecs, messageTypesOf } from "./tx-decoder.js";

const MNEMONIC = "test test test test test test test test test test test junk";

async function sendTx(memo: string, extraType?: string): Promise<{ base64: string; from: string }> {
  const [account] = await (await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: "devnet" })).getAccounts();
  const from = account!.address;
  const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: from, toAddress: from, amount: [{ denom: "ustake", amount: "42" }] }) };
  return signedBy([registry.encodeAsAny(send), ...(extraType ? [{ typeUrl: extraType, value: new Uint8Array([1, 2, 3]) }] : [])], memo);
}

const registry = new Registry([["/cosmos.bank.v1beta1.MsgSend", MsgSend], ["/cosmos.staking.v1beta1.MsgEditValidator", MsgEditValidator]]);

/** A transaction of these messages, signed (with a zero signature) by the test key's account. */
async function signedBy(messages: { typeUrl: string; value: Uint8Array }[], memo = ""): Promise<{ base64: string; from: string }> {
  const [account] = await (await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: "devnet" })).getAccounts();
  const from = account!.address;
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages, memo })).finish();
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: encodePubkey({ type: "tendermint/PubKeySecp256k1", value: toBase64(account!.pubkey) }), sequence: 7 }], [{ denom: "ustake", amount: "5000" }], 200000, undefined, undefined);
  const raw = TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [new Uint8Array(64)] })).finish();
  expect(pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: toBase64(account!.pubkey) }, "devnet")).toBe(from);
  return { base64: toBase64(raw), from };
}

const decodeTx = (base64: string) => decodeWithCodecs(base64, loadedCodec);

describe("decodeTx", () => {
  beforeAll(() => loadCodecs(["/cosmos.bank.v1beta1.MsgSend", "/cosmos.staking.v1beta1.MsgEditValidator"]));

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

  it("names an operator's message's signer by its account address, and shows a commission rate as the decimal it stands for", async () => {
    const [account] = await (await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: "devnet" })).getAccounts();
    const operator = toBech32("devnetvaloper", fromBech32(account!.address, 90).data);
    const edit = { typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: MsgEditValidator.fromPartial({ validatorAddress: operator, commissionRate: "105000000000000000", minSelfDelegation: "" }) };
    const { base64, from } = await signedBy([registry.encodeAsAny(edit)]);
    const result = decodeTx(base64);
    if (!result.ok) throw new Error(result.error);
    // The account that signs, with its sequence: never the operator address of the message.
    expect(result.tx.signers).toEqual([expect.objectContaining({ address: from, sequence: "7" })]);
    expect(result.tx.messages[0]!.fields).toMatchObject({ validatorAddress: operator, commissionRate: "0.105" });
  });

  it("leaves a commission rate that is no integer string as it came", async () => {
    const edit = { typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: MsgEditValidator.fromPartial({ validatorAddress: "x", commissionRate: "0.1\u202E" }) };
    const result = decodeTx((await signedBy([registry.encodeAsAny(edit)])).base64);
    expect(result.ok && result.tx.messages[0]!.fields).toMatchObject({ commissionRate: "0.1\u202E" });
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
