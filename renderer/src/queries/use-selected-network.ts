import { useQuery } from "@tanstack/react-query";
import type { Network } from "../../../shared/contract/network.js";
import { useApi } from "../api/api-context.js";
import { networkQueries } from "./network-queries.js";

/** The selected network, from the cached network list. */
export function useSelectedNetwork(): { network: Network | undefined; isPending: boolean; error: Error | null } {
  const api = useApi();
  const list = useQuery(networkQueries.list(api));
  const network = list.data?.networks.find((n) => n.id === list.data.selectedId);
  return { network, isPending: list.isPending, error: list.error };
}
