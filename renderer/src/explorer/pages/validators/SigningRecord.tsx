import { useQueries } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, useState } from "react";
import { blockQueries } from "../../queries/block-queries.js";
import { ValidatorName } from "../../components/ValidatorName.js";
import { useExplorer } from "../../components/use-explorer.js";
import { type SigningRecord as SigningRecordData, signingRecords } from "../../validators/signing-record.js";
import type { MonikerMap } from "../../validators/use-monikers.js";

/**
 * Who signed the last N final commits below `upTo`. Built from `chain.commitSignatures`, which
 * main answers from its feed's NewBlock frames (no request per block) or the node's `commit`,
 * each cached for good once read (a not-yet-canonical one is read again).
 */
export function SigningRecord({ addresses, upTo, monikers }: { addresses: readonly string[]; upTo: string; monikers: MonikerMap }) {
  const { api, n, enabled } = useExplorer();
  const [count, setCount] = useState(20);
  // `upTo` is the newest block (or the height asked for); two below it is a final commit whose frame main has seen.
  const top = BigInt(upTo) - 2n;
  const heights = Array.from({ length: count }, (_, i) => top - BigInt(i)).filter((h) => h >= 1n).map(String);
  const commits = useQueries({ queries: heights.map((h) => ({ ...blockQueries.signatures(api, n, h), enabled })) });
  const loaded = commits.flatMap((c) => (c.data ? [{ height: c.data.height, signatures: c.data.signatures }] : []));
  const failed = commits.filter((c) => c.isError).length;
  const { heights: shown, records } = signingRecords(addresses, loaded);
  return (
    <section aria-labelledby="signing-h" className="stack">
      <h2 id="signing-h">Signing record</h2>
      <label className="inline">Last <select value={count} onChange={(e) => setCount(Number(e.target.value))}>{[10, 20, 50, 100].map((c) => <option key={c}>{c}</option>)}</select> blocks</label>
      <p className="muted" data-testid="signing-progress">
        {loaded.length} of {heights.length} commits read{shown.length ? ` (heights ${shown[0]}–${shown.at(-1)})` : ""}{failed ? `; ${failed} could not be read` : ""}.
      </p>
      <SigningRows records={records} heights={shown} monikers={monikers} />
    </section>
  );
}

const ROW_PX = 52;

/** One row per validator, virtualised: a set of hundreds times 100 commits stays cheap to draw. */
function SigningRows({ records, heights, monikers }: { records: readonly SigningRecordData[]; heights: readonly string[]; monikers: MonikerMap }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: records.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 8 });
  return (
    <>
      <div className="table-head signing-grid" role="row">
        <span role="columnheader">Validator</span><span role="columnheader">Signed</span><span role="columnheader">Blocks (oldest → newest)</span>
      </div>
      <div ref={scroller} className="virtual-scroll" role="table" aria-label="Signing record" aria-rowcount={records.length} style={{ height: Math.min(virtual.getTotalSize() + 2, 18 * 16) }}>
        <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((item) => {
            const r = records[item.index]!;
            return (
              <div key={r.address} role="row" aria-rowindex={item.index + 1} className="signing-grid virtual-row" style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }}
                data-testid="signing-row" data-address={r.address} data-signed={r.signed} data-missed={r.missedHeights.length}>
                <span role="cell" title={r.address}><ValidatorName address={r.address} monikers={monikers} /></span>
                <span role="cell">{r.signed} / {r.marks.length}{r.missedHeights.length ? <span className="bad" title={r.missedHeights.join(", ")}> · missed {r.missedHeights.slice(0, 4).join(", ")}{r.missedHeights.length > 4 ? ` and ${r.missedHeights.length - 4} more` : ""}</span> : ""}</span>
                <span role="cell">
                  <span className="strip" aria-hidden="true">
                    {r.marks.map((m, i) => <span key={heights[i]} className={`cell ${m}`} title={`${heights[i]}: ${m}`} />)}
                  </span>
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}
