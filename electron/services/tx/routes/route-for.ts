import type { Network } from "../../../../shared/contract/network.js";
import { accessRoute } from "./access-route.js";
import { nodesRoute } from "./nodes-route.js";
import type { RouteDeps, TxRoute } from "./tx-route.js";

/** The route of a network, chosen once: its access service when it names one, else its own nodes. */
export function routeFor(deps: RouteDeps, network: Network): TxRoute {
  return network.accessUrl ? accessRoute(deps, network) : nodesRoute(deps, network);
}

/**
 * The routes of every network over one queue of submissions per sender, shared by whatever
 * sends (`tx.*`, `offline.*`): two quick clicks would otherwise read the same nonce.
 */
export function createRoutes(deps: Omit<RouteDeps, "oneAtATime">): (network: Network) => TxRoute {
  const senders = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(from: string, job: () => Promise<T>): Promise<T> => {
    const run = (senders.get(from) ?? Promise.resolve()).then(job, job);
    const settled = run.catch(() => undefined);
    senders.set(from, settled);
    void settled.then(() => senders.get(from) === settled && senders.delete(from));
    return run;
  };
  const routeDeps: RouteDeps = { ...deps, oneAtATime };
  return (network) => routeFor(routeDeps, network);
}
