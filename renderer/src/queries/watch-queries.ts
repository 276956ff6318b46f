import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { apiFor } from "../api/background.js";
import { unwrap } from "../api/unwrap.js";

/** The operator's watch of one network. Keys: watch.all(networkId) → status, alerts. */
export const watchKeys = {
  /** Every network followed now; any network's `watch.updated` or alert refetches it. */
  networks: ["watch-networks"] as const,
  all: (networkId: string) => ["watch", networkId] as const,
  status: (networkId: string) => [...watchKeys.all(networkId), "status"] as const,
  alerts: (networkId: string) => [...watchKeys.all(networkId), "alerts"] as const,
  routes: (networkId: string) => [...watchKeys.all(networkId), "routes"] as const,
};

/** A remote watch sends no `watch.updated`: its status, and when it was last heard from, are read again this often. */
export const REMOTE_STATUS_EVERY_MS = 5_000;

export const watchQueries = {
  networks: (api: CometdeskApi) => queryOptions({ queryKey: watchKeys.networks, queryFn: () => unwrap(api.watch.networks({})) }),
  /** Watch list, the set's uptime, nodes side by side, rules and webhook; main's `watch.updated` refetches it. */
  status: (api: CometdeskApi, networkId: string) =>
    queryOptions({ queryKey: watchKeys.status(networkId), queryFn: (c) => unwrap(apiFor(api, c).watch.status({ networkId })), refetchInterval: (q) => (q.state.data?.connection.source === "remote" ? REMOTE_STATUS_EVERY_MS : false) }),
  /** A remote watch service's routes and their deliveries. */
  routes: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: watchKeys.routes(networkId), queryFn: (c) => unwrap(apiFor(api, c).watch.routes({ networkId })), refetchInterval: REMOTE_STATUS_EVERY_MS }),
  /** The alert history, newest first; main's `watch.alert` refetches it. */
  alerts: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: watchKeys.alerts(networkId), queryFn: () => unwrap(api.watch.alerts({ networkId, limit: 200 })) }),
};
