import { infiniteQueryOptions, type QueryKey, queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { apiFor } from "../api/background.js";
import type { TxStatus } from "../../../shared/contract/tx.js";
import { unwrap } from "../api/unwrap.js";

export interface TxFilter {
  readonly address?: string;
  readonly status?: TxStatus;
  readonly pageSize: number;
}

/** Transfers of one network. Keys: tx.all(networkId) → info, list(filter), detail(hash), account, funds. */
export const txKeys = {
  all: (networkId: string) => ["tx", networkId] as const,
  info: (networkId: string) => [...txKeys.all(networkId), "info"] as const,
  lists: (networkId: string) => [...txKeys.all(networkId), "list"] as const,
  list: (networkId: string, filter: TxFilter) => [...txKeys.lists(networkId), filter] as const,
  detail: (networkId: string, hash: string) => [...txKeys.all(networkId), "detail", hash] as const,
  account: (networkId: string, address: string) => [...txKeys.all(networkId), "account", address] as const,
  fundsOf: (networkId: string) => [...txKeys.all(networkId), "funds"] as const,
  funds: (networkId: string, address: string) => [...txKeys.fundsOf(networkId), address] as const,
};

/** Any network's `tx.info` key: without an access service its hold window is main's undo window setting. */
export const isTxInfoKey = (key: QueryKey): boolean => key[0] === "tx" && key[2] === "info";

export const txQueries = {
  /** The access service's published defaults: denoms, fee, gas, hold window, list limits. */
  info: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: txKeys.info(networkId), queryFn: () => unwrap(api.tx.info({})), staleTime: 5 * 60_000, retry: false }),
  /** `GET /transactions` page by page through main; "load more" follows nextCursor. */
  list: (api: CometdeskApi, networkId: string, filter: TxFilter) =>
    infiniteQueryOptions({
      queryKey: txKeys.list(networkId, filter),
      queryFn: ({ pageParam }) => unwrap(api.tx.list({ limit: filter.pageSize, address: filter.address, status: filter.status, cursor: pageParam })),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      retry: false,
    }),
  detail: (api: CometdeskApi, networkId: string, hash: string) => queryOptions({ queryKey: txKeys.detail(networkId, hash), queryFn: (c) => unwrap(apiFor(api, c).tx.get({ id: hash })) }),
  /** What an address can spend now (chain balance less pending transfers); status changes refetch it. */
  funds: (api: CometdeskApi, networkId: string, address: string) => queryOptions({ queryKey: txKeys.funds(networkId, address), queryFn: () => unwrap(api.tx.funds({ address })), retry: false }),
};
