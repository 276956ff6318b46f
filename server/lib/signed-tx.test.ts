import { fromBech32, toBase64, toBech32 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, type EncodeObject } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { Any } from "cosmjs-types/google/protobuf/any";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import { MAX_TX_BYTES } from "../../shared/access/bodies.js";
import { cosmosAminoTypes, cosmosRegistry } from "../../shared/cosmos/signing.js";
import { ApiError } from "./errors.js";
import { decodeSignedTx, verifySignedTx } from "./signed-tx.js";

// Public test-only mnemonic (devnet/accounts.json, "alice").
const MNEMONIC = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal";
const CHAIN = "test-chain";
const ACCOUNT_NUMBER = 7n;
const OTHER = "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";

async function sign(messages: (address: string, valoper: string) => EncodeObject[], memo = "") {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC);
  const [account] = await wallet.getAccounts();
  const address = account!.address;
  const valoper = toBech32("cosmosvaloper", fromBech32(address, 90).data);
  const client = await SigningStargateClient.offline(wallet, { registry: cosmosRegistry, aminoTypes: cosmosAminoTypes });
  const raw = await client.sign(address, messages(address, valoper), { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, memo, { accountNumber: ACCOUNT_NUMBER, sequence: 4, chainId: CHAIN });
  return { address, valoper, raw: TxRaw.encode(raw).finish(), tx: raw };
}

const delegate = (delegator: string, validator: string, amount = "10") => ({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: delegator, validatorAddress: validator, amount: { denom: "ustake", amount } } });
const refusal = (run: () => unknown): { status: number; code: string; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("it was accepted");
};
const reencode = (tx: TxRaw, change: (auth: AuthInfo) => AuthInfo) => toBase64(TxRaw.encode({ ...tx, authInfoBytes: AuthInfo.encode(change(AuthInfo.decode(tx.authInfoBytes))).finish() }).finish());

describe("decodeSignedTx and verifySignedTx", () => {
  it("finds the one signer, its sequence, fee and what the messages spend, and verifies the signature", async () => {
    const { address, valoper, raw } = await sign((a, v) => [delegate(a, v, "10"), { typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: a, validatorAddress: v } }, delegate(a, v, "5")], "a memo");
    const tx = decodeSignedTx(toBase64(raw), "cosmos");
    expect(tx).toMatchObject({ signer: address, sequence: 4n, memo: "a memo", fee: "500ucomet", gas: 200000n, kind: "Delegate, Withdraw rewards, Delegate", to: valoper, amount: "15ustake" });
    expect(() => verifySignedTx(tx, CHAIN, ACCOUNT_NUMBER)).not.toThrow();
    expect(refusal(() => verifySignedTx(tx, CHAIN, ACCOUNT_NUMBER + 1n))).toMatchObject({ status: 422, code: "invalid_signature" });
    expect(refusal(() => verifySignedTx(tx, "other-chain", ACCOUNT_NUMBER))).toMatchObject({ status: 422, code: "invalid_signature" });
  });

  it("takes a validator's message signed by the operator's own key, and names at most eight titles", async () => {
    const { address, raw } = await sign((_a, v) => [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: v } }]);
    expect(decodeSignedTx(toBase64(raw), "cosmos")).toMatchObject({ signer: address, kind: "Unjail", to: "", amount: "" });
    const many = await sign((a, v) => Array.from({ length: 10 }, () => delegate(a, v, "1")));
    expect(decodeSignedTx(toBase64(many.raw), "cosmos")).toMatchObject({ kind: `${Array(8).fill("Delegate").join(", ")} and 2 more`, amount: "10ustake" });
  });

  it("refuses a key that does not sign every message, naming both", async () => {
    const { raw } = await sign((a, v) => [delegate(a, v), delegate(OTHER, v)]);
    const refused = refusal(() => decodeSignedTx(toBase64(raw), "cosmos"));
    expect(refused).toMatchObject({ status: 422, code: "signer_mismatch" });
    expect(refused.message).toContain("message 1");
    expect(refused.message).toContain(OTHER);
  });

  it("refuses what it cannot verify: other sign modes, other keys, a fee payer, extension options", async () => {
    const { tx } = await sign((a, v) => [delegate(a, v)]);
    // A DIRECT signature sent as amino JSON verifies over neither doc it could mean.
    const amino = reencode(tx, (auth) => ({ ...auth, signerInfos: [{ ...auth.signerInfos[0]!, modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } } }] }));
    expect(refusal(() => verifySignedTx(decodeSignedTx(amino, "cosmos"), CHAIN, ACCOUNT_NUMBER))).toMatchObject({ status: 422, code: "invalid_signature", message: expect.stringContaining("SIGN_MODE_LEGACY_AMINO_JSON") });
    const textual = reencode(tx, (auth) => ({ ...auth, signerInfos: [{ ...auth.signerInfos[0]!, modeInfo: { single: { mode: SignMode.SIGN_MODE_TEXTUAL } } }] }));
    expect(refusal(() => decodeSignedTx(textual, "cosmos"))).toMatchObject({ status: 422, code: "unverifiable_signer", message: expect.stringContaining("SIGN_MODE_TEXTUAL") });
    const ed25519 = reencode(tx, (auth) => ({ ...auth, signerInfos: [{ ...auth.signerInfos[0]!, publicKey: Any.fromPartial({ typeUrl: "/cosmos.crypto.ed25519.PubKey", value: auth.signerInfos[0]!.publicKey!.value }) }] }));
    expect(refusal(() => decodeSignedTx(ed25519, "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx", message: expect.stringContaining("ed25519") });
    const payer = reencode(tx, (auth) => ({ ...auth, fee: { ...auth.fee!, payer: OTHER } }));
    expect(refusal(() => decodeSignedTx(payer, "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx", message: expect.stringContaining("fee payer") });
    const body = TxBody.decode(tx.bodyBytes);
    const extended = toBase64(TxRaw.encode({ ...tx, bodyBytes: TxBody.encode({ ...body, extensionOptions: [Any.fromPartial({ typeUrl: "/x", value: new Uint8Array([1]) })] }).finish() }).finish());
    expect(refusal(() => decodeSignedTx(extended, "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx", message: expect.stringContaining("extension") });
  });

  it("refuses a malleable high-S signature the chain would refuse", async () => {
    const { tx } = await sign((a, v) => [delegate(a, v)]);
    const sig = secp256k1.Signature.fromBytes(tx.signatures[0]!);
    const high = new secp256k1.Signature(sig.r, secp256k1.Point.CURVE().n - sig.s).toBytes();
    const decoded = decodeSignedTx(toBase64(TxRaw.encode({ ...tx, signatures: [high] }).finish()), "cosmos");
    expect(refusal(() => verifySignedTx(decoded, CHAIN, ACCOUNT_NUMBER))).toMatchObject({ status: 422, code: "invalid_signature" });
  });

  it("refuses bytes that are not a TxRaw, or more than a TxRaw, or too many", async () => {
    const { raw } = await sign((a, v) => [delegate(a, v)]);
    // Field 4, a varint: no TxRaw field, which a protobuf decoder skips without a word.
    const junk = new Uint8Array([...raw, 0x20, 0x01]);
    expect(refusal(() => decodeSignedTx(toBase64(junk), "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx_bytes" });
    expect(refusal(() => decodeSignedTx(toBase64(new Uint8Array([0x0a, 0xff, 0xff])), "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx_bytes" });
    expect(refusal(() => decodeSignedTx("QUJD\n", "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx_bytes" });
    expect(refusal(() => decodeSignedTx("QUI", "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx_bytes" });
    expect(refusal(() => decodeSignedTx(toBase64(new Uint8Array(MAX_TX_BYTES + 1)), "cosmos"))).toMatchObject({ status: 413, code: "payload_too_large" });
  });
});
