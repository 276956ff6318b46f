import { describe, expect, it } from "vitest";
import { withDecimals } from "./dec-fields.js";

describe("withDecimals", () => {
  it("reads a new validator's three commission rates as decimals, and leaves its other fields", () => {
    const fields = { description: { moniker: "105000000000000000" }, commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" }, minSelfDelegation: "1" };
    expect(withDecimals("/cosmos.staking.v1beta1.MsgCreateValidator", fields)).toEqual({
      description: { moniker: "105000000000000000" }, commission: { rate: "0.1", maxRate: "0.2", maxChangeRate: "0.01" }, minSelfDelegation: "1",
    });
  });

  it("reads every weight of a gov v1beta1 weighted vote, and no gov v1 weight (already a decimal)", () => {
    const options = [{ option: "VOTE_OPTION_YES", weight: "700000000000000000" }, { option: "VOTE_OPTION_NO", weight: "300000000000000000" }];
    expect(withDecimals("/cosmos.gov.v1beta1.MsgVoteWeighted", { proposalId: "1", voter: "v", options })).toEqual({
      proposalId: "1", voter: "v", options: [{ option: "VOTE_OPTION_YES", weight: "0.7" }, { option: "VOTE_OPTION_NO", weight: "0.3" }],
    });
    const v1 = { proposalId: "1", voter: "v", options: [{ option: "VOTE_OPTION_YES", weight: "1.000000000000000000" }], metadata: "" };
    expect(withDecimals("/cosmos.gov.v1.MsgVoteWeighted", v1)).toBe(v1);
  });

  it("leaves hostile shapes as they came: a missing field, a wrong type, a number too long", () => {
    expect(withDecimals("/cosmos.staking.v1beta1.MsgCreateValidator", { commission: null })).toEqual({ commission: null });
    expect(withDecimals("/cosmos.staking.v1beta1.MsgEditValidator", { commissionRate: ["1"] })).toEqual({ commissionRate: ["1"] });
    expect(withDecimals("/cosmos.gov.v1beta1.MsgVoteWeighted", { options: { weight: "1" } })).toEqual({ options: { weight: "1" } });
    const long = "9".repeat(81);
    expect(withDecimals("/cosmos.staking.v1beta1.MsgEditValidator", { commissionRate: long })).toEqual({ commissionRate: long });
    expect(withDecimals("/cosmos.staking.v1beta1.MsgEditValidator", "text")).toBe("text");
  });
});
