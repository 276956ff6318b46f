import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { unwrap } from "../api/unwrap.js";

/** App preferences stored in main. Keys: settings.all. */
export const settingsKeys = { all: ["settings"] as const };
/** The mutation scope of every settings change: they reach main one after another, in the order made. */
export const SETTINGS_SCOPE = "settings.update";

export const settingsQueries = {
  get: (api: CometdeskApi) => queryOptions({ queryKey: settingsKeys.all, queryFn: () => unwrap(api.settings.get({})) }),
};
