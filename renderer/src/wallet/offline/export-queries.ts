import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { unwrap } from "../../api/unwrap.js";

/** The exports main keeps for the selected network. Keys: offline.exports(networkId). */
export const offlineKeys = {
  all: ["offline"] as const,
  exports: (networkId: string) => [...offlineKeys.all, "exports", networkId] as const,
};

export const offlineQueries = {
  /** Read again on every visit: a review of another page may have exported one since. */
  exports: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: offlineKeys.exports(networkId), queryFn: () => unwrap(api.offline.exports({})), staleTime: 0 }),
};
