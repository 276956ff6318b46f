import { QueryDelegationTotalRewardsRequest, QueryDelegationTotalRewardsResponse } from "cosmjs-types/cosmos/distribution/v1beta1/query";
import type { AbciQueryDef } from "../abci-query.js";
import { decWhole } from "../dec.js";

/** A delegator's pending rewards at one validator, in whole base units (what a withdrawal pays). */
export interface ValidatorRewards {
  readonly validatorAddress: string;
  readonly coins: ReadonlyArray<{ readonly denom: string; readonly amount: string }>;
}

/** Every validator's pending rewards of a delegator (https://docs.cosmos.network/main/build/modules/distribution#delegationtotalrewards). */
export const rewardsQuery: AbciQueryDef<{ delegator: string }, ValidatorRewards[]> = {
  path: "/cosmos.distribution.v1beta1.Query/DelegationTotalRewards",
  encode: ({ delegator }) => QueryDelegationTotalRewardsRequest.encode({ delegatorAddress: delegator }).finish(),
  decode: (value) =>
    QueryDelegationTotalRewardsResponse.decode(value).rewards.slice(0, 200).map((r) => ({
      validatorAddress: r.validatorAddress.slice(0, 128),
      coins: r.reward.slice(0, 16).map((c) => ({ denom: c.denom.slice(0, 128), amount: decWhole(c.amount) })),
    })),
};
