import { useQuery } from "@tanstack/react-query";
import { blockQueries } from "../../queries/block-queries.js";
import { EventList } from "../../components/EventList.js";
import { Empty, QueryView } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainText } from "../../../components/text/ChainText.js";

/** `block_results`: each transaction's outcome, the block's own events and validator updates. */
export function BlockResultsSection({ height }: { height: string }) {
  const { api, n, enabled } = useExplorer();
  const q = useQuery({ ...blockQueries.results(api, n, height), enabled });
  return (
    <section aria-labelledby="results-h">
      <h3 id="results-h">Results</h3>
      <QueryView query={q} what="the block results">
        {(r) => (
          <div className="stack">
            {r.txsResults.length > 0 && (
              <table className="grid" data-testid="tx-results">
                <thead><tr><th>#</th><th>Code</th><th>Gas used / wanted</th><th>Log</th></tr></thead>
                <tbody>
                  {r.txsResults.map((t, i) => (
                    <tr key={i} className={t.code === 0 ? "" : "missed"}>
                      <td>{i}</td>
                      <td>{t.code === 0 ? "0 (ok)" : `${t.code} ${t.codespace}`}</td>
                      <td>{t.gasUsed} / {t.gasWanted}</td>
                      <td><ChainText value={t.log} max={120} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <details>
              <summary>Block events ({r.finalizeBlockEvents.length})</summary>
              <EventList events={r.finalizeBlockEvents} label="Block events" />
            </details>
            <h4>Validator updates</h4>
            {r.validatorUpdates.length === 0 ? (
              <Empty>None in this block.</Empty>
            ) : (
              <ul>
                {r.validatorUpdates.map((u, i) => (
                  <li key={i}><code className="mono">{u.pubKey.type} {u.pubKey.value}</code> → power {u.power}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryView>
    </section>
  );
}
