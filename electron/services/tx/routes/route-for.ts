import type { Network } from "../../../../shared/contract/network.js";
import { accessRoute } from "./access-route.js";
import { nodesRoute } from "./nodes-route.js";
import type { RouteDeps, TxRoute } from "./tx-route.js";

/** The route of a network, chosen once: its access service when it names one, else its own nodes. */
export function routeFor(deps: RouteDeps, network: Network): TxRoute {
  return network.accessUrl ? accessRoute(deps, network) : nodesRoute(deps, network);
}
