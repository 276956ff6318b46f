import { QueryAllBalancesRequest, QueryAllBalancesResponse, QueryBalanceRequest, QueryBalanceResponse, QueryDenomsMetadataRequest, QueryDenomsMetadataResponse, QuerySpendableBalancesRequest, QuerySpendableBalancesResponse, QueryTotalSupplyRequest, QueryTotalSupplyResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import type { AbciQueryDef } from "../abci-query.js";

type Coin = { denom: string; amount: string };

/** An address's balances, every denom (the first 200), read with the bank module's gRPC query over ABCI. */
export const allBalancesQuery: AbciQueryDef<{ address: string }, Coin[]> = {
  path: "/cosmos.bank.v1beta1.Query/AllBalances",
  encode: ({ address }) => QueryAllBalancesRequest.encode(QueryAllBalancesRequest.fromPartial({ address, pagination: { limit: 200n } })).finish(),
  decode: (value) => QueryAllBalancesResponse.decode(value).balances.map((c) => ({ denom: c.denom, amount: c.amount })),
};

/**
 * What an address can spend (the bank's SpendableBalances: its balances less what is locked,
 * such as a vesting account's unvested coins), as the chain says at this moment.
 */
export const spendableBalancesQuery: AbciQueryDef<{ address: string }, Coin[]> = {
  path: "/cosmos.bank.v1beta1.Query/SpendableBalances",
  encode: ({ address }) => QuerySpendableBalancesRequest.encode(QuerySpendableBalancesRequest.fromPartial({ address, pagination: { limit: 200n } })).finish(),
  decode: (value) => QuerySpendableBalancesResponse.decode(value).balances.map((c) => ({ denom: c.denom, amount: c.amount })),
};

/** An address's balance of one denom. */
export const balanceQuery: AbciQueryDef<{ address: string; denom: string }, Coin | undefined> = {
  path: "/cosmos.bank.v1beta1.Query/Balance",
  encode: ({ address, denom }) => QueryBalanceRequest.encode({ address, denom }).finish(),
  decode: (value) => QueryBalanceResponse.decode(value).balance,
};

/** The denoms of the chain's total supply. */
export const totalSupplyDenomsQuery: AbciQueryDef<Record<string, never>, string[]> = {
  path: "/cosmos.bank.v1beta1.Query/TotalSupply",
  encode: () => QueryTotalSupplyRequest.encode({}).finish(),
  decode: (value) => QueryTotalSupplyResponse.decode(value).supply.map((c) => c.denom),
};

/** Display metadata of the denoms that have it. */
export const denomsMetadataQuery: AbciQueryDef<Record<string, never>, Metadata[]> = {
  path: "/cosmos.bank.v1beta1.Query/DenomsMetadata",
  encode: () => QueryDenomsMetadataRequest.encode({}).finish(),
  decode: (value) => QueryDenomsMetadataResponse.decode(value).metadatas,
};

/** Every denom of supply and metadata, with its display unit and exponent where the chain has them. */
export function denomUnits(supply: readonly string[], metadata: readonly Metadata[]): { base: string; display: string; exponent: number }[] {
  const bases = new Set([...supply, ...metadata.map((m) => m.base)]);
  return [...bases].sort().map((base) => {
    const meta = metadata.find((m) => m.base === base);
    const unit = meta?.denomUnits.find((u) => u.denom === meta.display);
    return { base, display: meta?.display || base, exponent: unit?.exponent ?? 0 };
  });
}
