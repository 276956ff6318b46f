import {
  QueryDelegationTotalRewardsRequest, QueryDelegationTotalRewardsResponse, QueryDelegatorWithdrawAddressRequest, QueryDelegatorWithdrawAddressResponse,
  QueryValidatorCommissionRequest, QueryValidatorCommissionResponse,
} from "cosmjs-types/cosmos/distribution/v1beta1/query";
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

/** Where a delegator's rewards are paid (its own address unless it set another). */
export const withdrawAddressQuery: AbciQueryDef<{ delegator: string }, string> = {
  path: "/cosmos.distribution.v1beta1.Query/DelegatorWithdrawAddress",
  encode: ({ delegator }) => QueryDelegatorWithdrawAddressRequest.encode({ delegatorAddress: delegator }).finish(),
  decode: (value) => QueryDelegatorWithdrawAddressResponse.decode(value).withdrawAddress.slice(0, 128),
};

/** A validator's commission not yet withdrawn, in whole base units. */
export const commissionQuery: AbciQueryDef<{ validator: string }, Array<{ denom: string; amount: string }>> = {
  path: "/cosmos.distribution.v1beta1.Query/ValidatorCommission",
  encode: ({ validator }) => QueryValidatorCommissionRequest.encode({ validatorAddress: validator }).finish(),
  decode: (value) => (QueryValidatorCommissionResponse.decode(value).commission?.commission ?? []).slice(0, 16).map((c) => ({ denom: c.denom.slice(0, 128), amount: decWhole(c.amount) })),
};
