import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { unwrap } from "../api/unwrap.js";

/** Networks and their token status. Keys: networks.all → list, token(id). */
export const networkKeys = {
  all: ["networks"] as const,
  list: () => [...networkKeys.all, "list"] as const,
  token: (id: string) => [...networkKeys.all, "token", id] as const,
  generation: (id: string) => [...networkKeys.all, "generation", id] as const,
};
/** The mutation scope of every switch of the selected network (the header's picker, a row's Use): the last one picked is the one in force. */
export const NETWORK_SELECT_SCOPE = "network.select";

export const networkQueries = {
  list: (api: CometdeskApi) => queryOptions({ queryKey: networkKeys.list(), queryFn: () => unwrap(api.network.list({})) }),
  /** Only {hasToken, plainHttp}: the token itself never leaves main. */
  token: (api: CometdeskApi, id: string) => queryOptions({ queryKey: networkKeys.token(id), queryFn: () => unwrap(api.network.tokenStatus({ id })) }),
  /** What the selected network's node runs (chain.generation asks the selected network): a few minutes fresh. */
  generation: (api: CometdeskApi, id: string) => queryOptions({ queryKey: networkKeys.generation(id), queryFn: () => unwrap(api.chain.generation({})), staleTime: 5 * 60_000 }),
};
