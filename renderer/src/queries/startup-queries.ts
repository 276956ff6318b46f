import type { QueryClient } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { unwrap } from "../api/unwrap.js";
import { appQueries } from "./app-queries.js";
import { chainQueries } from "./chain-queries.js";
import { networkQueries } from "./network-queries.js";
import { walletQueries } from "./wallet-queries.js";

/**
 * Asks main at once for what the first screen needs, side by side, instead of one round trip
 * per render step (the gate, then the shell, then the page): the queries find the answers cached.
 * The selected node's status is asked for in the same breath as the network list (main answers
 * it for the selected network), and kept for that network once the list names it, if the node's
 * chain id is the one the list gives; otherwise it is asked again. So is the live feed's state:
 * its height is the one main already has, so the dashboard can show it without waiting for the
 * node's own answer to `status`, which a busy node may give much later. In browser mode these
 * calls went out before the bridge's client had loaded (api/first-calls.ts).
 */
export function startupQueries(api: CometdeskApi, client: QueryClient): QueryClient {
  void client.prefetchQuery(walletQueries.status(api));
  void client.prefetchQuery(appQueries.problems(api));
  const early = unwrap(api.chain.status({}));
  early.catch(() => undefined); // a failure is asked again below, and shown by the page
  const feed = unwrap(api.chain.connection({}));
  feed.catch(() => undefined); // the pages ask again
  client.fetchQuery(networkQueries.list(api)).then(
    ({ networks, selectedId }) => {
      if (!selectedId) return undefined;
      // Kept only for the network it is about, and never over a newer state an event has set.
      const key = chainQueries.connection(api, selectedId).queryKey;
      feed.then((state) => state.networkId === selectedId && client.getQueryData(key) === undefined && client.setQueryData(key, state), () => undefined);
      const chainId = networks.find((n) => n.id === selectedId)?.chainId;
      const again = () => unwrap(api.chain.status({}));
      return client.prefetchQuery({
        ...chainQueries.status(api, selectedId),
        queryFn: () => early.then((status) => (status.nodeInfo.network === chainId ? status : again()), again),
      });
    },
    () => undefined, // the shell shows the error when it asks again
  );
  return client;
}
