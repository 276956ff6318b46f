import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { apiFor } from "../../api/background.js";
import { unwrap } from "../../api/unwrap.js";

/** Main's count of requests per endpoint; refreshed while shown, as background (the count is main's, no node is asked). */
export const requestQueries = {
  rates: (api: CometdeskApi) => queryOptions({ queryKey: ["requestRates"], queryFn: (c) => unwrap(apiFor(api, c).network.requestRates({})), refetchInterval: 5_000 }),
};
