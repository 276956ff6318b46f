import { useQuery } from "@tanstack/react-query";
import { blockQueries } from "../../queries/block-queries.js";
import { EventList } from "../../components/EventList.js";
import { Empty, QueryView } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainText } from "../../../components/text/ChainText.js";
import { blockEventPhases } from "./block-rows.js";

/**
 * `block_results`: each transaction's outcome, the block's own events by phase (FinalizeBlock's
 * from CometBFT 0.38 on, BeginBlock's and EndBlock's before) and validator updates.
 */
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
            {r.notes.length > 0 && (
              <div className="state-empty muted" data-testid="results-notes">
                {r.notes.map((note, i) => <p key={i}>{note}</p>)}
              </div>
            )}
            {blockEventPhases(r).map(([phase, events]) => (
              <details key={phase} data-phase={phase}>
                <summary>{phase} events ({events.length})</summary>
                <EventList events={events} label={`${phase} events`} />
              </details>
            ))}
            <h4>Validator updates</h4>
            {r.validatorUpdates.length === 0 ? (
              <Empty>None in this block.</Empty>
            ) : (
              <ul data-testid="validator-updates">
                {r.validatorUpdates.map((u, i) => (
                  <li key={i}>
                    {u.raw === undefined ? <code className="mono">{u.pubKey.type} {u.pubKey.value}</code> : <>key not understood, as sent: <ChainText value={u.raw} max={400} /></>} → power {u.power}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryView>
    </section>
  );
}
