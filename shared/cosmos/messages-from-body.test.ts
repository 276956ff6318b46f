import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import { ACTIONS } from "./actions.js";
import { messagesFromBody } from "./messages-from-body.js";
import { cosmosRegistry } from "./signing.js";

const account = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const other = "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3";
const valoper = (a: string) => toBech32("cosmosvaloper", fromBech32(a, 90).data);
const coin = { denom: "ustake", amount: "1500" };

/** One value of each action the wallet signs, as `tx.prepare` takes it. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  "/cosmos.bank.v1beta1.MsgSend": { fromAddress: account, toAddress: other, amount: [coin, { denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", amount: "7" }] },
  "/cosmos.staking.v1beta1.MsgDelegate": { delegatorAddress: account, validatorAddress: valoper(other), amount: coin },
  "/cosmos.staking.v1beta1.MsgUndelegate": { delegatorAddress: account, validatorAddress: valoper(other), amount: coin },
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": { delegatorAddress: account, validatorSrcAddress: valoper(other), validatorDstAddress: valoper(account), amount: coin },
  "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation": { delegatorAddress: account, validatorAddress: valoper(other), amount: coin, creationHeight: "123456" },
  "/cosmos.staking.v1beta1.MsgEditValidator": { validatorAddress: valoper(account), description: { moniker: "node one", website: "https://example.org" }, commissionRate: "0.075" },
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": { delegatorAddress: account, validatorAddress: valoper(other) },
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": { validatorAddress: valoper(account) },
  "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress": { delegatorAddress: account, withdrawAddress: other },
  "/cosmos.gov.v1beta1.MsgVote": { proposalId: "42", voter: account, option: "no_with_veto" },
  "/cosmos.gov.v1beta1.MsgVoteWeighted": { proposalId: "7", voter: account, options: [{ option: "yes", weight: "0.25" }, { option: "abstain", weight: "0.75" }] },
  "/cosmos.gov.v1beta1.MsgDeposit": { proposalId: "3", depositor: account, amount: [coin] },
  "/cosmos.slashing.v1beta1.MsgUnjail": { validatorAddr: valoper(account) },
};

const bodyOf = (memo: string, ...messages: Array<{ typeUrl: string; value: Record<string, unknown> }>) => cosmosRegistry.encodeTxBody({ messages, memo });
const signed = (typeUrl: string, value: Record<string, unknown>) => ({ typeUrl, value: ACTIONS[typeUrl]!.toProto(value) });

describe("the messages of a signed body, back in the form tx.prepare takes", () => {
  it("has a sample for every action the wallet signs", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  for (const [typeUrl, value] of Object.entries(SAMPLES)) {
    it(`turns ${typeUrl} back into the value it was prepared from`, () => {
      expect(messagesFromBody(bodyOf("again", signed(typeUrl, value)))).toEqual({ messages: [{ typeUrl, value }], memo: "again" });
    });
  }

  it("keeps several messages in their order, and an edit that changes nothing but the rate", () => {
    const edit = { validatorAddress: valoper(account), commissionRate: "0.1" };
    const vote = SAMPLES["/cosmos.gov.v1beta1.MsgVote"]!;
    expect(messagesFromBody(bodyOf("", signed("/cosmos.staking.v1beta1.MsgEditValidator", edit), signed("/cosmos.gov.v1beta1.MsgVote", vote)))).toEqual({
      messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: edit }, { typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: vote }],
      memo: "",
    });
  });

  it("refuses in words a message the wallet does not sign, a value its form cannot carry, and bytes that are no body", () => {
    const send = cosmosRegistry.encodeAsAny(signed("/cosmos.bank.v1beta1.MsgSend", SAMPLES["/cosmos.bank.v1beta1.MsgSend"]!));
    const exec = { typeUrl: "/cosmos.authz.v1beta1.MsgExec", value: Uint8Array.from([0x0a, 0x01, 0x61]) };
    expect(messagesFromBody(TxBody.encode(TxBody.fromPartial({ messages: [send, exec] })).finish())).toEqual({ refusal: "it holds a /cosmos.authz.v1beta1.MsgExec message, which this wallet does not prepare" });
    const withMinimum = { typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: { validatorAddress: valoper(account), description: {}, commissionRate: "", minSelfDelegation: "1000" } };
    expect(messagesFromBody(bodyOf("", withMinimum))).toMatchObject({ refusal: expect.stringMatching(/^its Edit validator message has a value this wallet's form cannot carry/) });
    const unknownOption = { typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId: 1n, voter: account, option: 0 } };
    expect(messagesFromBody(bodyOf("", unknownOption))).toMatchObject({ refusal: expect.stringMatching(/^its Vote message has a value/) });
    expect(messagesFromBody(Uint8Array.from([0x0a, 0x05, 0x01]))).toEqual({ refusal: "its signed body could not be read" });
    expect(messagesFromBody(bodyOf("memo only"))).toEqual({ refusal: "it holds no message" });
  });
});
