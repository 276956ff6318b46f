import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { chainTxQueries } from "../../queries/chain-tx-queries.js";
import { BlockLink, TxHashLink } from "../../../links/links.js";
import { Empty, ErrorState, Loading } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainTime } from "../../../components/ChainTime.js";

/** One page of a tx_search / block_search answer, with previous/next. */
export function SearchResults({ kind, query, order, perPage }: { kind: "tx" | "block"; query: string; order: "asc" | "desc"; perPage: number }) {
  const { api, n, enabled } = useExplorer();
  const [page, setPage] = useState(1);
  const q = useQuery({ ...chainTxQueries.search(api, n, { kind, query, page, perPage, order }), enabled, placeholderData: (p) => p });
  if (q.isPending) return <Loading what="search results" />;
  if (q.isError) return <ErrorState what="search results" error={q.error} retry={() => void q.refetch()} />;
  const { totalCount, txs, blocks } = q.data;
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  return (
    <section aria-label="Search results" className="stack" data-testid="search-results">
      <p data-testid="search-total">{totalCount} {kind === "tx" ? "transactions" : "blocks"} match · page {page} of {pages}</p>
      {totalCount === 0 && <Empty>Nothing matches this query.</Empty>}
      {kind === "tx" && txs.length > 0 && (
        <table className="grid">
          <thead><tr><th>Hash</th><th>Height</th><th>Result</th><th>Gas used</th></tr></thead>
          <tbody>
            {txs.map((t) => (
              <tr key={t.hash} className={t.result.code === 0 ? "" : "missed"}>
                <td><TxHashLink hash={t.hash} /></td>
                <td><BlockLink height={t.height} /></td>
                <td>{t.result.code === 0 ? "success" : `code ${t.result.code}`}</td>
                <td>{t.result.gasUsed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {kind === "block" && blocks.length > 0 && (
        <table className="grid">
          <thead><tr><th>Height</th><th>Time</th><th>Txs</th></tr></thead>
          <tbody>
            {blocks.map((b) => (
              <tr key={b.header.height}><td><BlockLink height={b.header.height} /></td><td><ChainTime value={b.header.time} /></td><td>{b.txCount}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous page</button>
        <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next page</button>
      </div>
    </section>
  );
}
