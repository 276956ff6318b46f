import { useQueries } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { TxHashLink } from "../../../links/links.js";
import { Empty } from "../../../components/states.js";
import { TxView } from "../../components/TxView.js";
import { useExplorer } from "../../components/use-explorer.js";
import { useRovingRows } from "../../components/use-roving-rows.js";
import { BLOCK_TX_PAGE, blockQueries } from "../../queries/block-queries.js";

const ROW_PX = 34;

/**
 * The block's transactions as a virtualised list: the first page came with the block, so its
 * rows show at once; the rest are read a page at a time as the list scrolls to them, and only the
 * rows on screen are rendered (a row's decoded body only while it is open). Rows grow when
 * opened (measured, not guessed); arrow keys move between rows and Enter opens one.
 */
export function BlockTxs({ block }: { block: ResultOf<"chain.block"> }) {
  const { api, n, network } = useExplorer();
  const height = block.header.height;
  const count = block.txCount;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 6 });
  const items = virtual.getVirtualItems();
  // The pages the rows on screen fall in, besides the one the block came with.
  const offsets = [...new Set(items.map((i) => Math.floor(i.index / BLOCK_TX_PAGE) * BLOCK_TX_PAGE))].filter((o) => o !== block.txOffset);
  const pages = useQueries({ queries: offsets.map((offset) => blockQueries.txPage(api, n, height, offset)) });
  const loaded = new Map<number, { txs: readonly string[]; txHashes: readonly string[] }>([[block.txOffset, block]]);
  offsets.forEach((offset, i) => pages[i]?.data && loaded.set(offset, pages[i].data));
  const rowAt = (index: number) => {
    const offset = Math.floor(index / BLOCK_TX_PAGE) * BLOCK_TX_PAGE;
    const page = loaded.get(offset);
    const at = index - offset;
    return page && page.txs[at] !== undefined ? { tx: page.txs[at]!, hash: page.txHashes[at]! } : undefined;
  };
  // Row keys for the keyboard: positions, since a row's hash may not be read yet.
  const keys = useMemo(() => Array.from({ length: count }, (_, i) => String(i)), [count]);
  const toggle = (index: number) => {
    const details = scroller.current?.querySelector<HTMLDetailsElement>(`[data-index="${index}"] details`);
    if (details) details.open = !details.open;
  };
  const roving = useRovingRows(keys, virtual, scroller, toggle);
  const failed = pages.find((p) => p.isError);
  return (
    <section aria-labelledby="block-txs-h">
      <h3 id="block-txs-h">Transactions ({count.toLocaleString("en-US")})</h3>
      {count === 0 ? (
        <Empty>This block has no transactions.</Empty>
      ) : (
        <>
          {failed && <p role="alert" className="form-error">Some transactions could not be read: {failed.error.message} <button type="button" className="secondary small" onClick={() => void failed.refetch()}>Retry</button></p>}
          <div ref={scroller} className="virtual-scroll block-txs" role="list" aria-label={`Transactions of block ${height}`} data-testid="block-txs" data-count={count} onKeyDown={roving.onKeyDown}>
            <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
              {items.map((item) => {
                const row = rowAt(item.index);
                return (
                  <div key={item.key} ref={virtual.measureElement} role="listitem" className="virtual-row block-tx-row" data-hash={row?.hash} style={{ transform: `translateY(${item.start}px)` }} {...roving.rowProps(item.index)}>
                    {row ? (
                      <TxDetails number={item.index + 1} hash={row.hash} tx={row.tx} prefix={network?.bech32Prefix} />
                    ) : (
                      <p className="state-loading" aria-busy="true">{item.index + 1}. Reading…</p>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * One transaction's row: its number and id, and its decoded body only while the row is open. A
 * closed row renders its summary alone, so rows scrolled into view cost no decoding, raw JSON or
 * tree (a wheel brings in a dozen a frame).
 */
function TxDetails({ number, hash, tx, prefix }: { number: number; hash: string; tx: string; prefix: string | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="muted">{number}.</span> <TxHashLink hash={hash} full tabIndex={-1} />
      </summary>
      {open && <TxView base64={tx} prefix={prefix} />}
    </details>
  );
}
