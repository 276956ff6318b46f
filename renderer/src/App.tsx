import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { CometdeskApi } from "../../shared/api.js";
import { ApiProvider } from "./api/api-context.js";
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
 */
function startupQueries(api: CometdeskApi, client: QueryClient): QueryClient {
  void client.prefetchQuery(walletQueries.status(api));
  void client.prefetchQuery(appQueries.problems(api));
  client.fetchQuery(networkQueries.list(api)).then(
    ({ selectedId }) => (selectedId ? client.prefetchQuery(chainQueries.status(api, selectedId)) : undefined),
    () => undefined, // the shell shows the error when it asks again
  );
  return client;
}
