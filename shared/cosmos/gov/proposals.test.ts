import { Params } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryParamsResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { describe, expect, it } from "vitest";
import { govParamsQuery, proposalRules } from "./proposals.js";

const answer = (params: Partial<Params>) => QueryParamsResponse.encode({ ...QueryParamsResponse.fromPartial({}), params: { ...Params.fromPartial({}), ...params } }).finish();

describe("the rules a proposal is held to", () => {
  const params = govParamsQuery.decode(answer({
    quorum: "0.334000000000000000", threshold: "0.500000000000000000", vetoThreshold: "0.334000000000000000",
    minDeposit: [{ denom: "ustake", amount: "1000000" }],
    expeditedThreshold: "0.667000000000000000", expeditedMinDeposit: [{ denom: "ustake", amount: "2000000" }],
  }));

  it("holds a standard proposal to the threshold and minimum deposit", () => {
    expect(proposalRules(params, false)).toEqual({ threshold: "0.5", minDeposit: [{ denom: "ustake", amount: "1000000" }] });
  });

  it("holds an expedited proposal to the expedited threshold and minimum deposit", () => {
    expect(proposalRules(params, true)).toEqual({ threshold: "0.667", minDeposit: [{ denom: "ustake", amount: "2000000" }] });
  });

  it("falls back to the standard rules on a chain that names no expedited ones", () => {
    const older = govParamsQuery.decode(answer({ threshold: "0.500000000000000000", minDeposit: [{ denom: "uatom", amount: "10" }] }));
    expect(proposalRules(older, true)).toEqual({ threshold: "0.5", minDeposit: [{ denom: "uatom", amount: "10" }] });
  });
});
