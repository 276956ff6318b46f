import { chainKeys } from "./chain-queries.js";

/**
 * The explorer's query keys, all under chain.all(networkId) so a network switch drops them.
 * Everything under `live` follows the chain head and is invalidated on every chain.newBlock;
 * the rest (a block at a height, a tx by hash) never changes once read.
 */
export const explorerKeys = {
  live: (n: string) => [...chainKeys.all(n), "live"] as const,
  head: (n: string, what: string, ...args: readonly unknown[]) => [...explorerKeys.live(n), what, ...args] as const,
  /** The last block main's live feed announced (set by the events, never fetched): lists show it before the refetch. */
  announced: (n: string) => [...chainKeys.all(n), "announced"] as const,
  blocks: (n: string) => [...chainKeys.all(n), "blocks"] as const,
  blockPages: (n: string) => [...explorerKeys.blocks(n), "pages"] as const,
  block: (n: string, height: string) => [...explorerKeys.blocks(n), "detail", height] as const,
  blockByHash: (n: string, hash: string) => [...explorerKeys.blocks(n), "hash", hash] as const,
  blockTxPage: (n: string, height: string, offset: number) => [...explorerKeys.blocks(n), "txs", height, offset] as const,
  blockResults: (n: string, height: string) => [...explorerKeys.blocks(n), "results", height] as const,
  commit: (n: string, height: string) => [...explorerKeys.blocks(n), "commit", height] as const,
  txs: (n: string) => [...chainKeys.all(n), "txs"] as const,
  tx: (n: string, hash: string) => [...explorerKeys.txs(n), "detail", hash] as const,
  txSearch: (n: string, kind: "tx" | "block", query: string, page: number, perPage: number, order: string) =>
    [...explorerKeys.txs(n), "search", kind, query, page, perPage, order] as const,
  validatorsAt: (n: string, height: string) => [...chainKeys.all(n), "validators", height] as const,
  monikersAt: (n: string, height: string) => [...chainKeys.all(n), "monikers", height] as const,
  consensusParams: (n: string, height: string) => [...chainKeys.all(n), "consensusParams", height] as const,
  genesisChunk: (n: string, chunk: number) => [...chainKeys.all(n), "genesis", chunk] as const,
  genesisNode: (n: string, path: readonly string[]) => [...chainKeys.all(n), "genesis", "node", ...path] as const,
  genesisSearch: (n: string, query: string) => [...chainKeys.all(n), "genesis", "search", query] as const,
  abci: (n: string, what: string, ...args: readonly unknown[]) => [...chainKeys.all(n), "abci", what, ...args] as const,
};
