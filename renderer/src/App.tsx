import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { CometdeskApi } from "../../shared/api.js";
import { ApiProvider } from "./api/api-context.js";
import { unwrap } from "./api/unwrap.js";
import { Gate } from "./shell/Gate.js";
import { appQueries } from "./queries/app-queries.js";
import { chainQueries } from "./queries/chain-queries.js";
import { networkQueries } from "./queries/network-queries.js";
import { walletQueries } from "./queries/wallet-queries.js";
import { ErrorBoundary } from "./shell/ErrorBoundary.js";
import { ThemeProvider } from "./theme/ThemeProvider.js";

export function App({ api }: { api: CometdeskApi }) {
  // Main pushes changes as events, so cached data stays fresh without refetch-on-focus.
  const [client] = useState(() => startupQueries(api, new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } })));
  return (
    <ErrorBoundary>
      <ApiProvider api={api}>
        <QueryClientProvider client={client}>
          <ThemeProvider>
            <Gate />
          </ThemeProvider>
        </QueryClientProvider>
      </ApiProvider>
    </ErrorBoundary>
  );
}

/**
 * Asks main at once for what the first screen needs, side by side, instead of one round trip
 * per render step (the gate, then the shell, then the page): the queries find the answers cached.
 * The selected node's status is asked for in the same breath as the network list (main answers
 * it for the selected network), and kept for that network once the list names it, if the node's
 * chain id is the one the list gives; otherwise it is asked again.
 */
function startupQueries(api: CometdeskApi, client: QueryClient): QueryClient {
  void client.prefetchQuery(walletQueries.status(api));
  void client.prefetchQuery(appQueries.problems(api));
  const early = unwrap(api.chain.status({}));
  early.catch(() => undefined); // a failure is asked again below, and shown by the page
  client.fetchQuery(networkQueries.list(api)).then(
    ({ networks, selectedId }) => {
      if (!selectedId) return undefined;
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
