/**
 * The CometBFT RPC routes the service passes through: the five CometBFT families the README's Explorer lists. Anything
 * else, notably `dial_seeds`, `dial_peers` and `unsafe_*`, which let a caller steer the node, and
 * `subscribe`, which needs a websocket, is refused.
 */
export const SAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  "abci_info",
  "abci_query",
  "block",
  "block_by_hash",
  "block_results",
  "blockchain",
  "block_search",
  "header",
  "header_by_hash",
  "commit",
  "consensus_state",
  "dump_consensus_state",
  "consensus_params",
  "genesis",
  "genesis_chunked",
  "tx",
  "tx_search",
  "broadcast_tx_sync",
  "broadcast_tx_async",
  "broadcast_tx_commit",
  "check_tx",
  "validators",
  "unconfirmed_txs",
  "num_unconfirmed_txs",
  "health",
  "status",
  "net_info",
]);

/** JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object). */
export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** Implementation-defined server errors: the node is down or slow. */
  upstream: -32000,
} as const;

/** A JSON-RPC error response body. */
export function rpcError(id: unknown, code: number, message: string, data?: string): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error });
}
