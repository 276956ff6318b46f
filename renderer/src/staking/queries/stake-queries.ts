import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { commissionQuery, rewardsQuery, withdrawAddressQuery } from "../../../../shared/cosmos/distribution/rewards.js";
import { delegationsQuery, redelegationsQuery, unbondingQuery } from "../../../../shared/cosmos/staking/account-stakes.js";
import { stakingParamsQuery, validatorQuery } from "../../../../shared/cosmos/staking/operator.js";
import { abciRead } from "../../api/abci-read.js";
import { apiFor } from "../../api/background.js";

/** The staking feature's reads over ABCI. Keys: staking.all(networkId) → account(address) → …, validator(address), params. */
export const stakingKeys = {
  all: (networkId: string) => ["staking", networkId] as const,
  account: (networkId: string, address: string) => [...stakingKeys.all(networkId), "account", address] as const,
  validator: (networkId: string, operator: string) => [...stakingKeys.all(networkId), "validator", operator] as const,
  params: (networkId: string) => [...stakingKeys.all(networkId), "params"] as const,
};

/** Rewards grow every block: the lists are read again this often while the page is open. */
const REFRESH_MS = 10_000;

export const stakingQueries = {
  delegations: (api: CometdeskApi, networkId: string, delegator: string) =>
    queryOptions({ queryKey: [...stakingKeys.account(networkId, delegator), "delegations"], queryFn: (c) => abciRead(apiFor(api, c), delegationsQuery, { delegator }), refetchInterval: REFRESH_MS }),
  unbonding: (api: CometdeskApi, networkId: string, delegator: string) =>
    queryOptions({ queryKey: [...stakingKeys.account(networkId, delegator), "unbonding"], queryFn: (c) => abciRead(apiFor(api, c), unbondingQuery, { delegator }), refetchInterval: REFRESH_MS }),
  redelegations: (api: CometdeskApi, networkId: string, delegator: string) =>
    queryOptions({ queryKey: [...stakingKeys.account(networkId, delegator), "redelegations"], queryFn: (c) => abciRead(apiFor(api, c), redelegationsQuery, { delegator }), refetchInterval: REFRESH_MS }),
  rewards: (api: CometdeskApi, networkId: string, delegator: string) =>
    queryOptions({ queryKey: [...stakingKeys.account(networkId, delegator), "rewards"], queryFn: (c) => abciRead(apiFor(api, c), rewardsQuery, { delegator }), refetchInterval: REFRESH_MS }),
  withdrawAddress: (api: CometdeskApi, networkId: string, delegator: string) =>
    queryOptions({ queryKey: [...stakingKeys.account(networkId, delegator), "withdraw-address"], queryFn: () => abciRead(api, withdrawAddressQuery, { delegator }) }),
  commission: (api: CometdeskApi, networkId: string, operator: string) =>
    queryOptions({ queryKey: [...stakingKeys.validator(networkId, operator), "commission"], queryFn: (c) => abciRead(apiFor(api, c), commissionQuery, { validator: operator }), refetchInterval: REFRESH_MS }),
  /** The operator's validator; `null` when the address runs none (the module answers "not found"). */
  validator: (api: CometdeskApi, networkId: string, operator: string) =>
    queryOptions({ queryKey: stakingKeys.validator(networkId, operator), queryFn: () => abciRead(api, validatorQuery, { validator: operator }, { value: null }) }),
  params: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: stakingKeys.params(networkId), queryFn: () => abciRead(api, stakingParamsQuery, {}) }),
};
