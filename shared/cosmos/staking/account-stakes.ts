import { QueryDelegatorDelegationsRequest, QueryDelegatorDelegationsResponse, QueryDelegatorUnbondingDelegationsRequest, QueryDelegatorUnbondingDelegationsResponse, QueryRedelegationsRequest, QueryRedelegationsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import type { AbciQueryDef } from "../abci-query.js";

/**
 * What an account has staked, read from the staking module over ABCI: its delegations, its
 * unbonding entries and its redelegations (https://docs.cosmos.network/main/build/modules/staking#queries).
 * One page of 200 each: far more than an account stakes with. Every string is chain data.
 */
export interface Delegation {
  readonly validatorAddress: string;
  readonly balance: { readonly denom: string; readonly amount: string };
}
export interface UnbondingEntry {
  readonly validatorAddress: string;
  /** The height of the undelegation: MsgCancelUnbondingDelegation names the entry by it. */
  readonly creationHeight: string;
  /** ISO time at which the coins become spendable, or null when the answer had none. */
  readonly completionTime: string | null;
  readonly balance: string;
}
export interface RedelegationEntry {
  readonly validatorSrcAddress: string;
  readonly validatorDstAddress: string;
  readonly creationHeight: string;
  readonly completionTime: string | null;
  readonly balance: string;
}

const PAGE = { limit: 200n };
const MAX_TEXT = 128;

/** A protobuf Timestamp as ISO text; null when absent or outside what a Date holds. */
export function timestampIso(t: Timestamp | undefined): string | null {
  if (!t) return null;
  const ms = Number(t.seconds) * 1000 + Math.floor(t.nanos / 1e6);
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : null;
}

export const delegationsQuery: AbciQueryDef<{ delegator: string }, Delegation[]> = {
  path: "/cosmos.staking.v1beta1.Query/DelegatorDelegations",
  encode: ({ delegator }) => QueryDelegatorDelegationsRequest.encode(QueryDelegatorDelegationsRequest.fromPartial({ delegatorAddr: delegator, pagination: PAGE })).finish(),
  decode: (value) =>
    QueryDelegatorDelegationsResponse.decode(value).delegationResponses.flatMap((r) =>
      r.delegation && r.balance ? [{ validatorAddress: r.delegation.validatorAddress.slice(0, MAX_TEXT), balance: { denom: r.balance.denom.slice(0, MAX_TEXT), amount: r.balance.amount.slice(0, 80) } }] : [],
    ),
};

export const unbondingQuery: AbciQueryDef<{ delegator: string }, UnbondingEntry[]> = {
  path: "/cosmos.staking.v1beta1.Query/DelegatorUnbondingDelegations",
  encode: ({ delegator }) => QueryDelegatorUnbondingDelegationsRequest.encode(QueryDelegatorUnbondingDelegationsRequest.fromPartial({ delegatorAddr: delegator, pagination: PAGE })).finish(),
  decode: (value) =>
    QueryDelegatorUnbondingDelegationsResponse.decode(value).unbondingResponses.flatMap((u) =>
      u.entries.map((e) => ({ validatorAddress: u.validatorAddress.slice(0, MAX_TEXT), creationHeight: String(e.creationHeight), completionTime: timestampIso(e.completionTime), balance: e.balance.slice(0, 80) })),
    ),
};

export const redelegationsQuery: AbciQueryDef<{ delegator: string }, RedelegationEntry[]> = {
  path: "/cosmos.staking.v1beta1.Query/Redelegations",
  encode: ({ delegator }) => QueryRedelegationsRequest.encode(QueryRedelegationsRequest.fromPartial({ delegatorAddr: delegator, pagination: PAGE })).finish(),
  decode: (value) =>
    QueryRedelegationsResponse.decode(value).redelegationResponses.flatMap((r) =>
      r.redelegation
        ? r.entries.map((e) => ({
            validatorSrcAddress: r.redelegation!.validatorSrcAddress.slice(0, MAX_TEXT),
            validatorDstAddress: r.redelegation!.validatorDstAddress.slice(0, MAX_TEXT),
            creationHeight: String(e.redelegationEntry?.creationHeight ?? 0n),
            completionTime: timestampIso(e.redelegationEntry?.completionTime),
            balance: e.balance.slice(0, 80),
          }))
        : [],
    ),
};
