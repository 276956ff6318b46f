import { serializeSignDoc } from "@cosmjs/amino";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Services } from "../create-services.js";
import { type Answer, openDirectApp } from "../testing/direct-app.js";

/**
 * The LEGACY_AMINO_JSON route, end to end with the vault's key: the mode a Ledger and a multisig
 * sign in. Main prepares the registered actions in amino mode (AuthInfo's signer in
 * LEGACY_AMINO_JSON, the review carrying the exact StdSignDoc), the vault signs that doc, and the
 * devnet's chain, which rebuilds the doc from the body with its own amino JSON, accepts it.
 */
const info = inject("devnet");
const alice = info.accounts.find((a) => a.name === "alice")!;
const validator0 = toBech32(`${info.bech32Prefix}valoper`, fromBech32(info.validators[0]!.address, 90).data);
const AMINO = "SIGN_MODE_LEGACY_AMINO_JSON";

const opened: Services[] = [];
let app: Awaited<ReturnType<typeof openDirectApp>>;
let comet: Comet38Client;

/** The transaction as the chain holds it: its signer info's mode and its signature over what. */
async function onChain(hash: string) {
  const { tx, result } = await comet.tx({ hash: Buffer.from(hash, "hex") });
  const raw = TxRaw.decode(tx);
  return { code: result.code, log: result.log, raw, info: AuthInfo.decode(raw.authInfoBytes).signerInfos[0]! };
}

describe("the amino JSON route, signed by the vault, accepted by the chain", () => {
  beforeAll(async () => {
    app = await openDirectApp(info, alice.mnemonic, [info.nodes[0]!.rpc], opened);
    comet = await Comet38Client.connect(info.nodes[0]!.rpc);
  });
  afterAll(async () => {
    comet?.disconnect();
    await Promise.all(opened.map((s) => s.close()));
  });

  const delegate = (amount: string) => ({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: alice.address, validatorAddress: validator0, amount: { denom: info.stakeDenom, amount } } });

  it("the review names the amino mode and carries the exact sign doc the key will sign", async () => {
    const prepared = await app.call("tx.prepare", { messages: [delegate("1234")], memo: "amino, ünïcode", signMode: AMINO });
    expect(prepared).toMatchObject({ signMode: AMINO, signerKind: "vault", signer: alice.address });
    expect(prepared.aminoSignDoc).toEqual({
      chain_id: info.chainId,
      account_number: prepared.accountNumber,
      sequence: prepared.sequence,
      fee: { amount: (prepared.fee as { amount: unknown }).amount, gas: (prepared.fee as { gas: string }).gas },
      msgs: [{ type: "cosmos-sdk/MsgDelegate", value: { delegator_address: alice.address, validator_address: validator0, amount: { denom: info.stakeDenom, amount: "1234" } } }],
      memo: "amino, ünïcode",
      timeout_height: prepared.timeoutHeight,
    });
    // A vault prepares DIRECT unless asked: its own mode.
    expect(await app.call("tx.prepare", { messages: [delegate("1")] })).toMatchObject({ signMode: "SIGN_MODE_DIRECT" });
  });

  it("a delegation signed in amino JSON is committed, its signature over the reviewed sign doc", async () => {
    const prepared = await app.call("tx.prepare", { messages: [delegate("2000")], memo: "amino, ünïcode", signMode: AMINO });
    const sent = await app.call("tx.sendMessages", { messages: [delegate("2000")], memo: "amino, ünïcode", signMode: AMINO, fee: `${(prepared.fee as { amount: Array<{ amount: string }> }).amount[0]!.amount}${info.denom}`, gas: (prepared.fee as { gas: string }).gas, sequence: prepared.sequence });
    const done = await app.committed(sent.txHash as string);
    expect(done, String(done.log)).toMatchObject({ status: "committed", code: 0 });
    const tx = await onChain(sent.txHash as string);
    expect(tx.code, tx.log).toBe(0);
    expect(tx.info.modeInfo?.single?.mode).toBe(SignMode.SIGN_MODE_LEGACY_AMINO_JSON);
    // The signature is over the sign doc the review showed (same fee, gas and sequence; the timeout height the send set).
    const doc = { ...(prepared.aminoSignDoc as Answer), timeout_height: (await app.call("tx.get", { id: sent.txHash })).timeoutHeight };
    const key = (await app.call("wallet.accounts")).accounts as Array<{ address: string; pubKey: string }>;
    const pubKey = Buffer.from(key.find((a) => a.address === alice.address)!.pubKey, "base64");
    expect(secp256k1.verify(tx.raw.signatures[0]!, sha256(serializeSignDoc(doc as never)), pubKey, { prehash: false })).toBe(true);
  });

  it("several registered actions in one amino transaction (a transfer and a reward withdrawal) are committed", async () => {
    const messages = [
      { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: alice.address, toAddress: info.accounts.find((a) => a.name === "bob")!.address, amount: [{ denom: info.denom, amount: "7" }] } },
      { typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: alice.address, validatorAddress: validator0 } },
    ];
    const sent = await app.call("tx.sendMessages", { messages, signMode: AMINO });
    const done = await app.committed(sent.txHash as string);
    expect(done, String(done.log)).toMatchObject({ status: "committed", code: 0 });
    expect((await onChain(sent.txHash as string)).info.modeInfo?.single?.mode).toBe(SignMode.SIGN_MODE_LEGACY_AMINO_JSON);
  });
});
