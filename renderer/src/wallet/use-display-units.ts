import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type DenomUnit, displayUnits } from "../../../shared/wallet/amount.js";
import { useApi } from "../api/api-context.js";
import { txQueries } from "../queries/tx-queries.js";
import { useSelectedNetwork } from "../queries/use-selected-network.js";

/**
 * The selected network's display units (shared/wallet/amount.ts `displayUnits`): its own names
 * first, then the access service's for other denoms. Every wallet page formats coins with these,
 * so a denom reads the same on the balances, the form, the review, the tracker and the list.
 */
export function useDisplayUnits(): DenomUnit[] {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const info = useQuery({ ...txQueries.info(api, network?.id ?? ""), enabled: !!network });
  return useMemo(() => displayUnits(network, info.data), [network, info.data]);
}
