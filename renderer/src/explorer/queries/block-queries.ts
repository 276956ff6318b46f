import { infiniteQueryOptions, queryOptions, skipToken } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import type { EventPayload } from "../../../../shared/events.js";
import { ERROR_CODES } from "../../../../shared/error-codes.js";
import { failedWith } from "../../api/failure.js";
import { unwrap } from "../../api/unwrap.js";
import { explorerKeys as K } from "../../queries/explorer-keys.js";

/** A block's transactions are read this many at a time (the first page with the block). */
export const BLOCK_TX_PAGE = 100;

/** `blockchain` answers at most 20 block metas per call. */
export const BLOCKS_PER_CALL = 20;

export const blockQueries = {
  /** The last block the live feed announced; main's events write it, nothing fetches it. */
  announced: (n: string) => queryOptions<EventPayload<"chain.newBlock">>({ queryKey: K.announced(n), queryFn: skipToken }),
  /** The newest 20 blocks, refreshed by each chain.newBlock. */
  head: (api: CometdeskApi, n: string) =>
    queryOptions({ queryKey: K.head(n, "blockchain"), queryFn: () => unwrap(api.chain.blockchain({})), placeholderData: (prev) => prev }),
  /** Older pages, back to the earliest block the node keeps; each page is fixed once read. */
  pages: (api: CometdeskApi, n: string, below: string) =>
    infiniteQueryOptions({
      queryKey: [...K.blockPages(n), below],
      initialPageParam: below,
      queryFn: ({ pageParam }) => unwrap(api.chain.blockchain({ minHeight: "1", maxHeight: pageParam })),
      getNextPageParam: (last) => {
        const lowest = last.blockMetas.at(-1)?.header.height;
        return lowest && BigInt(lowest) > 1n ? String(BigInt(lowest) - 1n) : undefined;
      },
      staleTime: Infinity,
    }),
  /** The block with its first page of transactions: the page shows at once, whatever the block holds. */
  block: (api: CometdeskApi, n: string, height: string) =>
    queryOptions({
      queryKey: K.block(n, height),
      queryFn: () => unwrap(api.chain.block({ height, txLimit: BLOCK_TX_PAGE })),
      staleTime: Infinity,
      // A height the node has not reached is a definite answer: the page says so at once and asks
      // again when the live feed reaches it, instead of retrying blind.
      retry: (failures, error) => failures < 1 && !failedWith(error, ERROR_CODES.rpcHeightAhead),
    }),
  byHash: (api: CometdeskApi, n: string, hash: string) =>
    queryOptions({ queryKey: K.blockByHash(n, hash), queryFn: () => unwrap(api.chain.blockByHash({ hash, txLimit: BLOCK_TX_PAGE })), staleTime: Infinity }),
  /** The page of a block's transactions from `offset`, read when the list scrolls to it. */
  txPage: (api: CometdeskApi, n: string, height: string, offset: number) =>
    queryOptions({
      queryKey: K.blockTxPage(n, height, offset),
      queryFn: async () => {
        const b = await unwrap(api.chain.block({ height, txOffset: offset, txLimit: BLOCK_TX_PAGE }));
        return { txs: b.txs, txHashes: b.txHashes };
      },
      staleTime: Infinity,
    }),
  results: (api: CometdeskApi, n: string, height: string) =>
    queryOptions({ queryKey: K.blockResults(n, height), queryFn: () => unwrap(api.chain.blockResults({ height })), staleTime: Infinity }),
  commit: (api: CometdeskApi, n: string, height: string) =>
    queryOptions({
      queryKey: K.commit(n, height),
      queryFn: () => unwrap(api.chain.commit({ height })),
      // The newest height's commit is the node's "seen" one until the next block carries the final one.
      staleTime: (q) => (q.state.data?.canonical === false ? 0 : Infinity),
    }),
  /** Who signed `height`: from main's feed frames when it saw them (no request), kept for good once final. */
  signatures: (api: CometdeskApi, n: string, height: string) =>
    queryOptions({
      queryKey: K.commitSignatures(n, height),
      queryFn: () => unwrap(api.chain.commitSignatures({ height })),
      staleTime: (q) => (q.state.data?.canonical === false ? 0 : Infinity),
    }),
};
