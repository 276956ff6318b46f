import { createContext, type ReactNode, useContext } from "react";
import type { CometdeskApi } from "../../../shared/api.js";

const ApiContext = createContext<CometdeskApi | undefined>(undefined);

export function ApiProvider({ api, children }: { api: CometdeskApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** window.cometdesk (or its bridge twin) for the component tree. */
export function useApi(): CometdeskApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi outside ApiProvider");
  return api;
}
