import { chainKeys } from "./chain-queries.js";

/** How often the head's validator set and monikers are read while shown, besides on a change of the set's hash. */
export const VALIDATOR_SET_REFRESH_MS = 30_000;

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
  commitSignatures: (n: string, height: string) => [...explorerKeys.blocks(n), "signatures", height] as const,
  txs: (n: string) => [...chainKeys.all(n), "txs"] as const,
  tx: (n: string, hash: string) => [...explorerKeys.txs(n), "detail", hash] as const,
  txSearch: (n: string, kind: "tx" | "block", query: string, page: number, perPage: number, order: string) =>
    [...explorerKeys.txs(n), "search", kind, query, page, perPage, order] as const,
  /**
   * The round state: outside `live`, since each new height already comes with a round step
   * (`chain.consensusChanged`), and a block's refetch of it too would read it twice per block.
   */
  roundState: (n: string) => [...chainKeys.all(n), "roundState"] as const,
  /**
   * The validator set and its monikers at the head: outside `live`, since a set rarely changes.
   * Read again when a block's validators hash changes (use-main-events.ts) and every
   * `VALIDATOR_SET_REFRESH_MS` besides (a moniker edit changes no hash).
   */
  validatorHead: (n: string, ...what: readonly string[]) => [...chainKeys.all(n), "validatorHead", ...what] as const,
  validatorsAt: (n: string, height: string) => [...chainKeys.all(n), "validators", height] as const,
  monikersAt: (n: string, height: string) => [...chainKeys.all(n), "monikers", height] as const,
  consensusParams: (n: string, height: string) => [...chainKeys.all(n), "consensusParams", height] as const,
  genesisChunk: (n: string, chunk: number) => [...chainKeys.all(n), "genesis", chunk] as const,
  genesisNode: (n: string, path: readonly string[]) => [...chainKeys.all(n), "genesis", "node", ...path] as const,
  genesisSearch: (n: string, query: string) => [...chainKeys.all(n), "genesis", "search", query] as const,
  abci: (n: string, what: string, ...args: readonly unknown[]) => [...chainKeys.all(n), "abci", what, ...args] as const,
};
