import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { CometdeskApi } from "../../shared/api.js";
import { ApiProvider } from "./api/api-context.js";
import { Gate } from "./shell/Gate.js";
import { startupQueries } from "./queries/startup-queries.js";
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
