import { fromBase64 } from "@cosmjs/encoding";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
import { TxHashLink } from "../../../links/links.js";
import { TxView } from "../../components/TxView.js";
import { useRovingRows } from "../../components/use-roving-rows.js";
import { txIdOf } from "../../../../../shared/cosmos/tx-id.js";

const ROW_PX = 40;

/**
 * Pending transactions as a virtualised list whose rows grow when opened (measured, not
 * guessed). Arrow keys move between rows; Enter, or the button, shows a row's decoded body.
 */
export function MempoolList({ txs, prefix }: { txs: readonly string[]; prefix: string | undefined }) {
  const rows = useMemo(() => txs.map((tx) => ({ tx, hash: txIdOf(fromBase64(tx)) })), [txs]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (hash: string) => setOpen((s) => { const next = new Set(s); if (!next.delete(hash)) next.add(hash); return next; });
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 6, getItemKey: (i) => rows[i]!.hash });
  const keys = useRovingRows(rows.map((r) => r.hash), virtual, scroller, (i) => toggle(rows[i]!.hash));
  return (
    <div ref={scroller} className="virtual-scroll" role="list" aria-label="Pending transactions" data-testid="mempool-txs" onKeyDown={keys.onKeyDown}>
      <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
        {virtual.getVirtualItems().map((item) => {
          const { tx, hash } = rows[item.index]!;
          const shown = open.has(hash);
          return (
            <div key={hash} ref={virtual.measureElement} role="listitem" className="virtual-row mempool-row" data-hash={hash} aria-expanded={shown} style={{ transform: `translateY(${item.start}px)` }} {...keys.rowProps(item.index)}>
              <div className="row">
                <TxHashLink hash={hash} full tabIndex={-1} />
                <button type="button" className="secondary small" tabIndex={-1} onClick={() => toggle(hash)}>{shown ? "Hide" : "Decode"}</button>
              </div>
              {shown && <TxView base64={tx} prefix={prefix} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
