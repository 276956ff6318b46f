import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { unwrap } from "../api/unwrap.js";

/** The main process itself. Keys: app.all → info, problems. */
export const appKeys = {
  all: ["app"] as const,
  info: () => [...appKeys.all, "info"] as const,
  problems: () => [...appKeys.all, "problems"] as const,
};

export const appQueries = {
  info: (api: CometdeskApi) => queryOptions({ queryKey: appKeys.info(), queryFn: () => unwrap(api.app.info({})), staleTime: Infinity }),
  /** Stored files main could not read and kept aside: the user should know before relying on them. */
  problems: (api: CometdeskApi) => queryOptions({ queryKey: appKeys.problems(), queryFn: () => unwrap(api.app.problems({})) }),
};
