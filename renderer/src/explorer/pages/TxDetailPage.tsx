import { useQuery } from "@tanstack/react-query";
import { chainTxQueries } from "../queries/chain-tx-queries.js";
import { EventList } from "../components/EventList.js";
import { BlockLink, Hash } from "../../links/links.js";
import { ErrorState, Facts, Loading } from "../../components/states.js";
import { TxView } from "../components/TxView.js";
import { useExplorer } from "../components/use-explorer.js";
import { ChainText } from "../../components/text/ChainText.js";

/** `#/tx/<HASH>`: one transaction from the `tx` route, decoded, with its result and events. */
export function TxDetailPage({ hash }: { hash: string }) {
  const { api, n, enabled, network } = useExplorer();
  const q = useQuery({ ...chainTxQueries.detail(api, n, hash), enabled });
  if (q.isPending) return <Loading what={`transaction ${hash}`} />;
  if (q.isError) {
    // A tx just broadcast is not indexed until its block is committed: say so, do not just fail.
    const notFound = /not found/i.test(String(q.error));
    return notFound ? (
      <div className="card" role="status">
        <p>Transaction <Hash value={hash} /> is not in a block (yet). It may still be in the mempool, or the node may not index transactions.</p>
        <button type="button" className="secondary" onClick={() => void q.refetch()}>Look again</button>
      </div>
    ) : (
      <ErrorState what="the transaction" error={q.error} retry={() => void q.refetch()} />
    );
  }
  const t = q.data;
  const ok = t.result.code === 0;
  return (
    <article className="stack" data-testid="tx-detail">
      <h2>Transaction</h2>
      <Facts
        testId="tx-facts"
        rows={[
          ["Hash", <Hash value={t.hash} />],
          ["Result", <span className={ok ? "ok" : "bad"} data-testid="tx-result">{ok ? "success" : `failed (code ${t.result.code}${t.result.codespace ? `, ${t.result.codespace}` : ""})`}</span>],
          ["Height", <BlockLink height={t.height} />],
          ["Index in block", String(t.index)],
          ["Gas used / wanted", `${t.result.gasUsed} / ${t.result.gasWanted}`],
          ...(t.result.log ? [["Log", <ChainText value={t.result.log} />] as const] : []),
        ]}
      />
      <section aria-labelledby="tx-decoded-h">
        <h3 id="tx-decoded-h">Decoded</h3>
        <TxView base64={t.tx} prefix={network?.bech32Prefix} />
      </section>
      <section aria-labelledby="tx-events-h">
        <h3 id="tx-events-h">Events ({t.result.events.length})</h3>
        <EventList events={t.result.events} label="Transaction events" />
      </section>
    </article>
  );
}
