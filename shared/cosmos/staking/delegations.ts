import { QueryDelegatorDelegationsRequest, QueryDelegatorDelegationsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { AbciQueryDef } from "../abci-query.js";

/**
 * The validators an address delegates to, by operator address (one page: far more than an
 * account stakes with). Its own file: the staking page loads it without queries.ts's hashing
 * (@cosmjs/crypto), which only the explorer's consensus addresses need.
 */
export const delegatorValidatorsQuery: AbciQueryDef<{ delegator: string }, string[]> = {
  path: "/cosmos.staking.v1beta1.Query/DelegatorDelegations",
  encode: ({ delegator }) => QueryDelegatorDelegationsRequest.encode(QueryDelegatorDelegationsRequest.fromPartial({ delegatorAddr: delegator, pagination: { limit: 200n } })).finish(),
  decode: (value) => QueryDelegatorDelegationsResponse.decode(value).delegationResponses.flatMap((r) => (r.delegation ? [r.delegation.validatorAddress] : [])),
};
