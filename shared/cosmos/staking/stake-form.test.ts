import { describe, expect, it } from "vitest";
import { checkStake, type StakeDraft, stakeUnit } from "./stake-form.js";

const stake = { base: "ustake", display: "STAKE", exponent: 6 };
const alice = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const v0 = "cosmosvaloper1edhrppagujenjy8s82rplhj85atl5v7eugyfnt";
const v1 = "cosmosvaloper14wjvzyulndke4nfte4pm035gad8908uw2yy6nz";
const draft = (patch: Partial<StakeDraft>): StakeDraft => ({ kind: "delegate", delegator: alice, validator: v0, destination: "", amount: "1.5", memo: "", ...patch });
const ctx = { prefix: "cosmos", stake, delegatedTo: [v0, v1] };

describe("the staking form's rules", () => {
  it("turns a delegation in display units into one MsgDelegate in base units", () => {
    expect(checkStake(draft({}), ctx)).toEqual({ errors: {}, memo: undefined, messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: alice, validatorAddress: v0, amount: { denom: "ustake", amount: "1500000" } } }] });
  });

  it("withdraws from every validator delegated to, in one transaction", () => {
    const { messages } = checkStake(draft({ kind: "withdraw", validator: "", amount: "" }), ctx);
    expect(messages?.map((m) => m.value)).toEqual([{ delegatorAddress: alice, validatorAddress: v0 }, { delegatorAddress: alice, validatorAddress: v1 }]);
    expect(checkStake(draft({ kind: "withdraw" }), { ...ctx, delegatedTo: [] }).errors.validator).toMatch(/no delegation/);
  });

  it("says what is wrong on each field, and builds nothing then", () => {
    const r = checkStake(draft({ kind: "redelegate", validator: v0, destination: v0, amount: "0" }), ctx);
    expect(r.messages).toBeUndefined();
    expect(r.errors.destination).toMatch(/already/);
    expect(r.errors.amount).toMatch(/more than zero/);
    expect(checkStake(draft({ validator: alice }), ctx).errors.validator).toBeDefined(); // an account, not an operator address
    expect(checkStake(draft({ amount: "1.0000001" }), ctx).errors.amount).toBeDefined(); // past the denom's decimals
  });
});

describe("the unit stakes are in", () => {
  // dYdX's chain as chain-registry seeds it: fees in USDC (listed first), stakes in adydx.
  const usdc = { base: "ibc/8E27BA2D5493AF5636760E354E46004562C46AB7EC0CC4C1CA14E9E20E2545B5", display: "USDC", exponent: 6 };
  const dydx = { base: "adydx", display: "DYDX", exponent: 18 };

  it("is the staking params' bond denom in the network's display unit for it, not a denom named like one", () => {
    expect(stakeUnit({ denoms: [usdc, dydx] }, "adydx")).toEqual(dydx);
    expect(stakeUnit({ denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustakedrop", display: "DROP", exponent: 6 }, stake] }, "ustake")).toEqual(stake);
  });

  it("is the bond denom in base units where the network has no display unit for it, and the saved one until the params are read", () => {
    expect(stakeUnit({ denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }] }, "ustake")).toEqual({ base: "ustake", display: "ustake", exponent: 0 });
    expect(stakeUnit({ denoms: [usdc, dydx], bondDenom: "adydx" }, undefined)).toEqual(dydx);
    expect(stakeUnit({ denoms: [usdc, dydx] }, undefined)).toBeUndefined();
  });
});

describe("the staking form's checks before the review", () => {
  const delegated = new Map([[v0, 2_000_000n]]);
  it("refuses a delegation of more than the account can spend, in the stake's display unit", () => {
    expect(checkStake(draft({ amount: "3" }), { ...ctx, spendable: 2_500_000n }).errors.amount).toBe("That is more than this account can spend: 2.5 STAKE is available (and the fee comes on top when it is paid in STAKE).");
    expect(checkStake(draft({ amount: "2.5" }), { ...ctx, spendable: 2_500_000n }).messages).toHaveLength(1);
    // Unread: left to main and the chain.
    expect(checkStake(draft({ amount: "3" }), ctx).messages).toHaveLength(1);
  });

  it("refuses an undelegation or a redelegation of more than is delegated to the validator, or from one not delegated to", () => {
    expect(checkStake(draft({ kind: "undelegate", amount: "2.000001" }), { ...ctx, delegated }).errors.amount).toBe("That is more than this account has delegated to this validator: 2 STAKE.");
    expect(checkStake(draft({ kind: "redelegate", destination: v1, amount: "3" }), { ...ctx, delegated }).errors.amount).toBe("That is more than this account has delegated to this validator: 2 STAKE.");
    expect(checkStake(draft({ kind: "undelegate", validator: v1, amount: "1" }), { ...ctx, delegated }).errors.amount).toMatch(/^This account has no delegation to this validator/);
    expect(checkStake(draft({ kind: "undelegate", amount: "2" }), { ...ctx, delegated }).messages).toHaveLength(1);
    // A delegation is not limited by what is delegated already.
    expect(checkStake(draft({ amount: "3" }), { ...ctx, delegated }).messages).toHaveLength(1);
  });
});
