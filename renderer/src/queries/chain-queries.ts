import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { apiFor } from "../api/background.js";
import { unwrap } from "../api/unwrap.js";

/** Node data of one network. Keys: chain.all(networkId) → status, connection. */
export const chainKeys = {
  all: (networkId: string) => ["chain", networkId] as const,
  status: (networkId: string) => [...chainKeys.all(networkId), "status"] as const,
  connection: (networkId: string) => [...chainKeys.all(networkId), "connection"] as const,
  stakingValidators: (networkId: string) => [...chainKeys.all(networkId), "stakingValidators"] as const,
};

export const chainQueries = {
  /** The node's own status; refreshed in the background, since catching-up changes slowly. */
  status: (api: CometdeskApi, networkId: string) =>
    queryOptions({ queryKey: chainKeys.status(networkId), queryFn: (c) => unwrap(apiFor(api, c).chain.status({})), refetchInterval: 10_000, retry: false }),
  /** The live block feed's state; kept current by network.connectionChanged events. */
  connection: (api: CometdeskApi, networkId: string) =>
    queryOptions({ queryKey: chainKeys.connection(networkId), queryFn: () => unwrap(api.chain.connection({})) }),
  /** The staking module's validators (moniker, operator, status, commission), for the pages that pick or find one; a minute old at most. */
  stakingValidators: (api: CometdeskApi, networkId: string) =>
    queryOptions({ queryKey: chainKeys.stakingValidators(networkId), queryFn: () => unwrap(api.chain.validatorMonikers({})), staleTime: 60_000 }),
};

/** The last height the live feed announced for `networkId` (null before the first block). */
export function useLastHeight(api: CometdeskApi, networkId: string | undefined): string | null | undefined {
  return useQuery({ ...chainQueries.connection(api, networkId ?? ""), enabled: networkId !== undefined }).data?.lastHeight;
}
