import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { depositsQuery, govParamsQuery, proposalQuery, proposalsQuery, tallyQuery, voteQuery } from "../../../../shared/cosmos/gov/proposals.js";
import { stakingParamsQuery } from "../../../../shared/cosmos/staking/operator.js";
import { abciRead } from "../../api/abci-read.js";
import { apiFor } from "../../api/background.js";

/** The governance feature's reads, x/gov v1 over ABCI. Keys: governance.all(networkId) → list, proposal(id) → …, params. */
export const govKeys = {
  all: (networkId: string) => ["governance", networkId] as const,
  list: (networkId: string) => [...govKeys.all(networkId), "list"] as const,
  proposal: (networkId: string, id: string) => [...govKeys.all(networkId), "proposal", id] as const,
  params: (networkId: string) => [...govKeys.all(networkId), "params"] as const,
  bondDenom: (networkId: string) => [...govKeys.all(networkId), "bond-denom"] as const,
};

/** Tallies move with every vote: the open pages read them again this often. */
const REFRESH_MS = 10_000;

export const govQueries = {
  list: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: govKeys.list(networkId), queryFn: (c) => abciRead(apiFor(api, c), proposalsQuery, {}), refetchInterval: REFRESH_MS }),
  proposal: (api: CometdeskApi, networkId: string, id: string) => queryOptions({ queryKey: [...govKeys.proposal(networkId, id), "detail"], queryFn: (c) => abciRead(apiFor(api, c), proposalQuery, { id }), refetchInterval: REFRESH_MS }),
  tally: (api: CometdeskApi, networkId: string, id: string) => queryOptions({ queryKey: [...govKeys.proposal(networkId, id), "tally"], queryFn: (c) => abciRead(apiFor(api, c), tallyQuery, { id }), refetchInterval: REFRESH_MS }),
  deposits: (api: CometdeskApi, networkId: string, id: string) => queryOptions({ queryKey: [...govKeys.proposal(networkId, id), "deposits"], queryFn: () => abciRead(api, depositsQuery, { id }) }),
  /** The account's own vote, `null` when it has not voted (the module answers "not found"). */
  vote: (api: CometdeskApi, networkId: string, id: string, voter: string) =>
    queryOptions({ queryKey: [...govKeys.proposal(networkId, id), "vote", voter], queryFn: () => abciRead(api, voteQuery, { id, voter }, { value: null }) }),
  params: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: govKeys.params(networkId), queryFn: () => abciRead(api, govParamsQuery, {}), staleTime: 60_000 }),
  /** The denom a tally counts: the staking module's bond denom. */
  bondDenom: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: govKeys.bondDenom(networkId), queryFn: async () => (await abciRead(api, stakingParamsQuery, {})).bondDenom, staleTime: 60_000 }),
};
