/** Transactions as the chain holds them (`tx`, `tx_search`, `block_search`), for the explorer. */
import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../../shared/api.js";
import { unwrap } from "../../api/unwrap.js";
import { explorerKeys as K } from "../../queries/explorer-keys.js";

export interface SearchParams {
  readonly kind: "tx" | "block";
  readonly query: string;
  readonly page: number;
  readonly perPage: number;
  readonly order: "asc" | "desc";
}

export const chainTxQueries = {
  /** A transaction by hash; not found yet is an error the page shows and retries on new blocks. */
  detail: (api: CometdeskApi, n: string, hash: string) =>
    queryOptions({ queryKey: K.tx(n, hash), queryFn: () => unwrap(api.chain.tx({ hash })), staleTime: Infinity, retry: false }),
  search: (api: CometdeskApi, n: string, p: SearchParams) =>
    queryOptions({
      queryKey: K.txSearch(n, p.kind, p.query, p.page, p.perPage, p.order),
      queryFn: async () => {
        const args = { query: p.query, page: p.page, perPage: p.perPage, orderBy: p.order };
        if (p.kind === "tx") {
          const r = await unwrap(api.chain.txSearch(args));
          return { totalCount: r.totalCount, txs: r.txs, blocks: [] };
        }
        const r = await unwrap(api.chain.blockSearch(args));
        return { totalCount: r.totalCount, txs: [], blocks: r.blocks };
      },
      retry: false,
    }),
};
