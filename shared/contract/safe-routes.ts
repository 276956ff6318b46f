/**
 * Routes the console may call: reads and checks only, never broadcasts or unsafe admin routes.
 * Apart from the schemas (./chain.ts) so that the console's page loads no zod inside Electron.
 */
export const SAFE_ROUTES = [
  "abci_info", "abci_query", "block", "block_by_hash", "block_results", "blockchain", "block_search",
  "header", "header_by_hash", "commit", "consensus_state", "dump_consensus_state", "consensus_params",
  "genesis", "genesis_chunked", "tx", "tx_search", "check_tx", "validators", "unconfirmed_txs",
  "num_unconfirmed_txs", "health", "status", "net_info",
] as const;
