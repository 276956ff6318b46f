import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { blockQueries } from "../../../queries/block-queries.js";
import { ValidatorName } from "../../components/ValidatorName.js";
import { useExplorer } from "../../components/use-explorer.js";
import { signingRecords } from "../../validators/signing-record.js";
import type { MonikerMap } from "../../validators/use-monikers.js";

/**
 * Who signed the last N final commits below `upTo`. Built from `commit` answers, each cached
 * for good once read (a not-yet-canonical one is read again).
 */
export function SigningRecord({ addresses, upTo, monikers }: { addresses: readonly string[]; upTo: string; monikers: MonikerMap }) {
  const { api, n, enabled } = useExplorer();
  const [count, setCount] = useState(20);
  // `validators` answers for the next, uncommitted height; two below it is the newest final commit.
  const top = BigInt(upTo) - 2n;
  const heights = Array.from({ length: count }, (_, i) => top - BigInt(i)).filter((h) => h >= 1n).map(String);
  const commits = useQueries({ queries: heights.map((h) => ({ ...blockQueries.commit(api, n, h), enabled })) });
  const loaded = commits.flatMap((c) => (c.data ? [{ height: c.data.commit.height, signatures: c.data.commit.signatures }] : []));
  const failed = commits.filter((c) => c.isError).length;
  const { heights: shown, records } = signingRecords(addresses, loaded);
  return (
    <section aria-labelledby="signing-h" className="stack">
      <h2 id="signing-h">Signing record</h2>
      <label className="inline">Last <select value={count} onChange={(e) => setCount(Number(e.target.value))}>{[10, 20, 50, 100].map((c) => <option key={c}>{c}</option>)}</select> blocks</label>
      <p className="muted" data-testid="signing-progress">
        {loaded.length} of {heights.length} commits read{shown.length ? ` (heights ${shown[0]}–${shown.at(-1)})` : ""}{failed ? `; ${failed} could not be read` : ""}.
      </p>
      <table className="grid">
        <thead><tr><th>Validator</th><th>Signed</th><th>Blocks (oldest → newest)</th></tr></thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.address} data-testid="signing-row" data-address={r.address} data-signed={r.signed} data-missed={r.missedHeights.length}>
              <td><ValidatorName address={r.address} monikers={monikers} /></td>
              <td>{r.signed} / {r.marks.length}{r.missedHeights.length ? <span className="bad"> · missed {r.missedHeights.join(", ")}</span> : ""}</td>
              <td>
                <span className="strip" aria-hidden="true">
                  {r.marks.map((m, i) => <span key={shown[i]} className={`cell ${m}`} title={`${shown[i]}: ${m}`} />)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
