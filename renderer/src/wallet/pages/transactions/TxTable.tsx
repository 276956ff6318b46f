import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, useLayoutEffect, useRef } from "react";
import type { Tx } from "../../../../../shared/contract/tx.js";
import type { DenomUnit } from "../../../../../shared/wallet/amount.js";
import { TxRow } from "./TxRow.js";

export const ROW_HEIGHT = 44;

/**
 * The transfer list, virtualised: only the rows in view (plus a few) are in the DOM, so 100,000
 * rows scroll like 10. Arrow keys, Page Up/Down, Home and End move between rows.
 */
export function TxTable(props: { rows: readonly Tx[]; denoms: readonly DenomUnit[]; defaultDenom: string; mine?: string; onHistory: (tx: Tx) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Rows scrolled in render with React's next update, not inside the scroll event (flushSync):
  // the scroll event then returns at once, and a frame no longer lays out rows twice.
  const virtual = useVirtualizer({ count: props.rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8, useFlushSync: false });
  // The row a key moved to: focused once it is rendered, which may be a render or two after the scroll.
  const pendingFocus = useRef<number | undefined>(undefined);
  const focusPending = () => {
    const i = pendingFocus.current;
    const row = i === undefined ? null : scroller.current?.querySelector<HTMLElement>(`[data-index="${i}"]`);
    if (!row) return;
    pendingFocus.current = undefined;
    row.focus({ preventScroll: true });
  };
  useLayoutEffect(focusPending);
  const focusRow = (index: number) => {
    const i = Math.max(0, Math.min(props.rows.length - 1, index));
    pendingFocus.current = i;
    virtual.scrollToIndex(i);
    focusPending();
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>("[data-index]");
    if (!row || row !== e.target) return;
    const i = Number(row.dataset.index);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, PageDown: i + page, PageUp: i - page, Home: 0, End: props.rows.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      focusRow(moves[e.key]!);
    }
  };
  const items = virtual.getVirtualItems();
  return (
    <div className="table-frame">
      <div className="tx-table" role="table" aria-label="Transactions" aria-rowcount={props.rows.length + 1}>
        <div className="tx-row tx-head" role="row" aria-rowindex={1}>
          {["Time", "From", "To", "Amount", "Tx hash", "Status", "Memo"].map((h) => <span key={h} role="columnheader">{h}</span>)}
        </div>
        <div className="tx-scroll" ref={scroller} onKeyDown={onKey} data-testid="tx-scroll">
          <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
            {items.map((item) => (
              <TxRow
                // Keyed by slot, not by transaction: a row scrolled out is reused for the row
                // scrolled in (same DOM, new text) instead of being destroyed and rebuilt.
                key={item.index % items.length}
                tx={props.rows[item.index]!}
                index={item.index}
                top={item.start}
                denoms={props.denoms}
                defaultDenom={props.defaultDenom}
                mine={props.mine}
                onHistory={props.onHistory}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
