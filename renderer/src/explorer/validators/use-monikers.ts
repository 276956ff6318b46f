import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { unwrap } from "../../api/unwrap.js";
import { explorerKeys } from "../../queries/explorer-keys.js";
import { liveQueries } from "../queries/live-queries.js";
import { useExplorer } from "../components/use-explorer.js";

export interface StakingName { readonly moniker: string; readonly operatorAddress: string }
export type MonikerMap = ReadonlyMap<string, StakingName>;
const NONE: MonikerMap = new Map();

/**
 * Monikers by upper-case validator address, at the head or at a height. Empty while loading and
 * when the chain has no staking module or cannot be read: pages then show addresses only.
 */
export function useMonikers(height?: string): MonikerMap {
  const { api, n, enabled } = useExplorer();
  const live = useQuery({ ...liveQueries.monikers(api, n), enabled: enabled && !height });
  const fixed = useQuery({
    queryKey: explorerKeys.monikersAt(n, height ?? ""),
    queryFn: () => unwrap(api.chain.validatorMonikers({ height })),
    enabled: enabled && !!height,
    retry: false,
    staleTime: Infinity,
  });
  const data = (height ? fixed : live).data;
  return useMemo(() => (data?.available ? new Map(data.validators.map((v) => [v.address, { moniker: v.moniker, operatorAddress: v.operatorAddress }])) : NONE), [data]);
}
