import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { apiFor } from "../../api/background.js";
import { unwrap } from "../../api/unwrap.js";
import { explorerKeys as K, VALIDATOR_SET_REFRESH_MS } from "../../queries/explorer-keys.js";

/** How often the Consensus page polls the round state without a websocket. */
export const CONSENSUS_POLL_MS = 1_000;
/** The slow poll while the websocket's events drive the Consensus page: a safety net against a silent socket. */
export const CONSENSUS_SAFETY_POLL_MS = 10_000;

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
  /** A page of the set at the head (the dashboard's count): with the set (`validatorHead`), not on each block. */
  validators: (api: CometdeskApi, n: string, page = 1) =>
    queryOptions({ queryKey: K.validatorHead(n, "page", String(page)), queryFn: () => unwrap(api.chain.validators({ page, perPage: 100 })), refetchInterval: VALIDATOR_SET_REFRESH_MS, retry: false, placeholderData: (p) => p }),
  /** Validator monikers at the head: with the set (`validatorHead`), on a change of its hash and every 30 s, not on each block. */
  monikers: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.validatorHead(n, "monikers"), queryFn: () => unwrap(api.chain.validatorMonikers({})), refetchInterval: VALIDATOR_SET_REFRESH_MS, retry: false, placeholderData: (p) => p }),
  /**
   * Round state. While main follows the node's websocket, its `chain.consensusChanged` events
   * (votes, round steps) refetch it at most once a second (use-main-events.ts), with a slow poll
   * as a safety net; without a websocket (polling, or RPC through an access service) the page
   * polls every second: 60 reads a minute, an eighth of a public node's default budget.
   */
  consensusState: (api: CometdeskApi, n: string, live: boolean) =>
    queryOptions({ queryKey: K.roundState(n), queryFn: (c) => unwrap(apiFor(api, c).chain.consensusState({})), refetchInterval: live ? CONSENSUS_SAFETY_POLL_MS : CONSENSUS_POLL_MS, retry: false }),
  /** The full dump is large: read when asked, not on every block. */
  dumpConsensus: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.abci(n, "dumpConsensus"), queryFn: () => unwrap(api.chain.dumpConsensusState({})), retry: false, staleTime: Infinity }),
  abciInfo: (api: CometdeskApi, n: string) => queryOptions({ queryKey: K.head(n, "abciInfo"), queryFn: () => unwrap(api.chain.abciInfo({})), retry: false }),
};
