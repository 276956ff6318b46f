import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { describe, expect, it } from "vitest";
import { ACTIONS } from "./actions.js";
import { AminoFormError, aminoSignDocOfBody } from "./amino-sign-doc.js";
import { cosmosRegistry } from "./signing.js";

const account = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const valoper = toBech32("cosmosvaloper", fromBech32(account, 90).data);
const coin = { denom: "ustake", amount: "5" };

/** One value of every registered action, as the renderer sends it. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  "/cosmos.bank.v1beta1.MsgSend": { fromAddress: account, toAddress: account, amount: [coin] },
  "/cosmos.staking.v1beta1.MsgDelegate": { delegatorAddress: account, validatorAddress: valoper, amount: coin },
  "/cosmos.staking.v1beta1.MsgUndelegate": { delegatorAddress: account, validatorAddress: valoper, amount: coin },
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": { delegatorAddress: account, validatorSrcAddress: valoper, validatorDstAddress: valoper, amount: coin },
  "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation": { delegatorAddress: account, validatorAddress: valoper, amount: coin, creationHeight: "12" },
  "/cosmos.staking.v1beta1.MsgEditValidator": { validatorAddress: valoper, description: { moniker: "ünïcode" }, commissionRate: "0.05" },
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": { delegatorAddress: account, validatorAddress: valoper },
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": { validatorAddress: valoper },
  "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress": { delegatorAddress: account, withdrawAddress: account },
  "/cosmos.gov.v1beta1.MsgVote": { proposalId: "3", voter: account, option: "yes" },
  "/cosmos.gov.v1beta1.MsgVoteWeighted": { proposalId: "3", voter: account, options: [{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }] },
  "/cosmos.gov.v1beta1.MsgDeposit": { proposalId: "3", depositor: account, amount: [coin] },
  "/cosmos.slashing.v1beta1.MsgUnjail": { validatorAddr: valoper },
};
const facts = { fee: { amount: [{ denom: "ucomet", amount: "10" }], gas: 200_000n }, chainId: "c-1", accountNumber: 4n, sequence: 2n };

describe("the amino JSON sign doc of a body (what a Ledger signs and the access service verifies)", () => {
  it("says all of every registered action: its amino form encodes back to the very body", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ACTIONS).sort());
    for (const action of Object.values(ACTIONS)) {
      const bodyBytes = cosmosRegistry.encodeTxBody({ messages: [{ typeUrl: action.typeUrl, value: action.toProto(SAMPLES[action.typeUrl] as never) }], memo: "m", timeoutHeight: 77n });
      const doc = aminoSignDocOfBody(bodyBytes, facts);
      expect(doc, action.typeUrl).toMatchObject({ chain_id: "c-1", account_number: "4", sequence: "2", memo: "m", timeout_height: "77", fee: { gas: "200000" }, msgs: [{ type: action.aminoType }] });
    }
  });

  it("refuses a body its amino form cannot say all of", () => {
    const body = cosmosRegistry.encodeTxBody({ messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: account, toAddress: account, amount: [coin] } }] });
    // A field the body carries that no amino JSON says: an extension option (TxBody field 1023, an empty Any).
    const extended = new Uint8Array([...body, 0xfa, 0x3f, 0x02, 0x0a, 0x00]);
    expect(() => aminoSignDocOfBody(body, facts)).not.toThrow();
    expect(() => aminoSignDocOfBody(extended, facts)).toThrow(AminoFormError);
  });
});
