import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { blockQueries } from "../../queries/block-queries.js";
import { useChainHeight } from "../../../queries/chain-height.js";
import { BlockLink } from "../../../links/links.js";
import { ErrorState, Loading } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { useRovingRows } from "../../components/use-roving-rows.js";
import { detailHash } from "../../../links/routes.js";
import { announcedRow, type BlockRow, keepHead, mergeRows } from "./block-rows.js";

const toRows = (r: ResultOf<"chain.blockchain"> | undefined): BlockRow[] =>
  (r?.blockMetas ?? []).map((m) => ({ height: m.header.height, hash: m.blockId.hash, time: m.header.time, numTxs: m.numTxs, proposer: m.header.proposerAddress, size: m.blockSize }));

const ROW_PX = 34;

/** The chain's blocks, newest first and live, paging back to the first block the node keeps. */
export function BlocksPage() {
  const { api, n, enabled } = useExplorer();
  const head = useQuery({ ...blockQueries.head(api, n), enabled });
  // Older pages start below the head as first seen; they never move, so they stay cached.
  const [anchor, setAnchor] = useState<string | undefined>();
  const headRows = toRows(head.data);
  const lowestHead = headRows.at(-1)?.height;
  if (anchor === undefined && lowestHead && BigInt(lowestHead) > 1n) setAnchor(String(BigInt(lowestHead) - 1n));
  const older = useInfiniteQuery({ ...blockQueries.pages(api, n, anchor ?? "1"), enabled: false });
  // Every head seen on this network, so a block stays listed once the head has moved past it.
  // The live feed's latest block joins the list at once; the refetched head replaces it with the full row.
  const announced = useQuery({ ...blockQueries.announced(n), enabled }).data;
  const [kept, setKept] = useState<{ n: string; data: unknown; announced: unknown; rows: readonly BlockRow[] }>({ n, data: undefined, announced: undefined, rows: [] });
  if (head.data && (kept.n !== n || kept.data !== head.data || kept.announced !== announced)) {
    const fromEvent = announced && announced.networkId === n ? [announcedRow(announced)] : [];
    setKept({ n, data: head.data, announced, rows: keepHead([...fromEvent, ...(kept.n === n ? kept.rows : [])], headRows) });
  }
  const liveRows = kept.n === n && kept.rows.length ? kept.rows : headRows;
  const { rows, gap } = useMemo(() => mergeRows(liveRows, (older.data?.pages ?? []).flatMap(toRows)), [liveRows, older.data]);
  // The app's one height (the feed's, the node's, this list's newest row), not this page's own
  // head answer, which is as old as the last visit when the page comes back to the screen.
  const latestHeight = useChainHeight(api, n, { enabled, seen: rows[0]?.height });
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 10 });
  const keys = useRovingRows(rows.map((r) => r.height), virtual, scroller, (i) => {
    if (rows[i]) window.location.hash = detailHash({ kind: "block", height: rows[i].height });
  });

  if (head.isPending) return <Loading what="the latest blocks" />;
  if (head.isError && !head.data) return <ErrorState what="the latest blocks" error={head.error} retry={() => void head.refetch()} />;
  const canOlder = older.data ? older.hasNextPage : anchor !== undefined;
  const loadOlder = () => void (older.data ? older.fetchNextPage() : older.refetch());
  return (
    <div className="stack">
      <p className="muted" data-testid="blocks-latest">
        Latest height <span data-chain-height={latestHeight ?? head.data?.lastHeight}>{latestHeight ?? head.data?.lastHeight}</span> · {rows.length} blocks loaded {head.isError ? "· the node is not answering; showing what was loaded" : ""}
      </p>
      {gap && <p className="muted">Blocks {gap.from}–{gap.to} arrived while you were reading; open one by height from the search (Ctrl+K).</p>}
      <div className="table-frame">
        <div className="blocks-table">
          <div className="table-head blocks-grid" role="row">
            <span role="columnheader">Height</span><span role="columnheader">Time (UTC)</span><span role="columnheader">Txs</span><span role="columnheader">Size</span><span role="columnheader">Proposer</span>
          </div>
          <div ref={scroller} className="virtual-scroll" role="table" aria-label="Blocks" aria-rowcount={rows.length} data-testid="blocks-list" onKeyDown={keys.onKeyDown}>
            <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
              {virtual.getVirtualItems().map((v) => {
                const r = rows[v.index]!;
                return (
                  <div key={r.height} role="row" aria-rowindex={v.index + 1} className="blocks-grid virtual-row" data-height={r.height} style={{ transform: `translateY(${v.start}px)`, height: ROW_PX }} {...keys.rowProps(v.index)}>
                    <span role="cell"><BlockLink height={r.height} tabIndex={-1} /></span>
                    {/* The chain's UTC time, cut to milliseconds: the header names the zone, since the cut drops its "Z". */}
                    <span role="cell"><time dateTime={r.time}>{r.time.replace("T", " ").slice(0, 23)}</time></span>
                    <span role="cell" data-testid="block-num-txs">{r.numTxs}</span>
                    <span role="cell">{r.size === undefined ? "…" : `${r.size} B`}</span>
                    <span role="cell" className="mono">{r.proposer.slice(0, 12)}…</span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
      {canOlder && (
        <button type="button" className="secondary" disabled={older.isFetching} onClick={loadOlder}>
          {older.isFetching ? "Loading…" : "Load 20 older blocks"}
        </button>
      )}
      {older.isError && <ErrorState what="older blocks" error={older.error} retry={loadOlder} />}
    </div>
  );
}
