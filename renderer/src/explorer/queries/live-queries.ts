import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { apiFor } from "../../api/background.js";
import { unwrap } from "../../api/unwrap.js";
import { explorerKeys as K } from "../../queries/explorer-keys.js";

/** Head-of-chain reads: all under `live`, refetched when main reports a new block. */
export const liveQueries = {
  health: (api: CometdeskApi, n: string) => queryOptions({ queryKey: K.head(n, "health"), queryFn: () => unwrap(api.chain.health({})), retry: false }),
  netInfo: (api: CometdeskApi, n: string) => queryOptions({ queryKey: K.head(n, "netInfo"), queryFn: () => unwrap(api.chain.netInfo({})), retry: false }),
  mempoolCount: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.head(n, "numUnconfirmed"), queryFn: () => unwrap(api.chain.numUnconfirmedTxs({})), retry: false }),
  /**
   * Pending transactions (the first 100): refreshed with each block, and every second besides,
   * because a halted chain (no blocks) is exactly when an operator watches its mempool.
   */
  mempool: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.head(n, "unconfirmed"), queryFn: (c) => unwrap(apiFor(api, c).chain.unconfirmedTxs({ limit: 100 })), refetchInterval: 1_000, retry: false }),
  validators: (api: CometdeskApi, n: string, page = 1) =>
    queryOptions({ queryKey: K.head(n, "validators", page), queryFn: () => unwrap(api.chain.validators({ page, perPage: 100 })), retry: false, placeholderData: (p) => p }),
  /** Validator monikers at the head; main keeps one answer per height, so a block costs one read. */
  monikers: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.head(n, "monikers"), queryFn: () => unwrap(api.chain.validatorMonikers({})), retry: false, placeholderData: (p) => p }),
  /**
   * Round state. While main follows the node's websocket, its `chain.consensusChanged` events
   * (votes, round steps) refetch it, with a slow poll as a safety net; without a websocket
   * (polling, or RPC through an access service) the page polls every 300 ms.
   */
  consensusState: (api: CometdeskApi, n: string, live: boolean) =>
    queryOptions({ queryKey: K.head(n, "consensusState"), queryFn: (c) => unwrap(apiFor(api, c).chain.consensusState({})), refetchInterval: live ? 3_000 : 300, retry: false }),
  /** The full dump is large: read when asked, not on every block. */
  dumpConsensus: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.abci(n, "dumpConsensus"), queryFn: () => unwrap(api.chain.dumpConsensusState({})), retry: false, staleTime: Infinity }),
  abciInfo: (api: CometdeskApi, n: string) => queryOptions({ queryKey: K.head(n, "abciInfo"), queryFn: () => unwrap(api.chain.abciInfo({})), retry: false }),
};
