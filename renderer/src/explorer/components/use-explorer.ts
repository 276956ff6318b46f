import type { CometdeskApi } from "../../../../shared/api.js";
import type { Network } from "../../../../shared/contract/network.js";
import { useApi } from "../../api/api-context.js";
import { useSelectedNetwork } from "../../queries/use-selected-network.js";

/** The API, the selected network and its id (empty until the list loads): what every page reads. */
export function useExplorer(): { api: CometdeskApi; network: Network | undefined; n: string; enabled: boolean } {
  const api = useApi();
  const { network } = useSelectedNetwork();
  return { api, network, n: network?.id ?? "", enabled: network !== undefined };
}
