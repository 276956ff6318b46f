import type { EventPayload } from "../../../../../shared/events.js";

/** The list's row: what `blockchain` says about one block (its size unknown while only the live event has told of it). */
export interface BlockRow {
  readonly height: string;
  readonly hash: string;
  readonly time: string;
  readonly numTxs: number;
  readonly proposer: string;
  readonly size: string | undefined;
}

/** A row from the live feed's event, shown until `blockchain` answers with the full row. */
export function announcedRow(b: EventPayload<"chain.newBlock">): BlockRow {
  return { height: b.height, hash: b.hash, time: b.time, numTxs: b.numTxs, proposer: b.proposerAddress, size: undefined };
}

/** The most head rows the live list keeps as the chain moves on. */
export const KEEP_HEAD_ROWS = 2_000;

/**
 * The head rows seen so far plus a fresh head, newest first: a block the list showed stays in it
 * when the head moves past it, instead of vanishing between the head and the older pages.
 */
export function keepHead(kept: readonly BlockRow[], head: readonly BlockRow[], cap = KEEP_HEAD_ROWS): BlockRow[] {
  const byHeight = new Map<string, BlockRow>();
  for (const r of [...head, ...kept]) if (!byHeight.has(r.height)) byHeight.set(r.height, r);
  return [...byHeight.values()].sort((a, b) => (BigInt(b.height) > BigInt(a.height) ? 1 : -1)).slice(0, cap);
}

/**
 * The live head and the older pages as one list, newest first, without repeats. When the head
 * ran more than a page ahead of the older pages, `gap` names the heights in between.
 */
export function mergeRows(head: readonly BlockRow[], older: readonly BlockRow[]): { rows: BlockRow[]; gap?: { from: string; to: string } } {
  const seen = new Map<string, BlockRow>();
  for (const r of [...head, ...older]) if (!seen.has(r.height)) seen.set(r.height, r);
  const rows = [...seen.values()].sort((a, b) => (BigInt(b.height) > BigInt(a.height) ? 1 : -1));
  const headLow = head.at(-1);
  const olderHigh = older[0];
  if (headLow && olderHigh && BigInt(headLow.height) - BigInt(olderHigh.height) > 1n) {
    return { rows, gap: { from: String(BigInt(olderHigh.height) + 1n), to: String(BigInt(headLow.height) - 1n) } };
  }
  return { rows };
}

interface PhasedEvents<E> {
  readonly beginBlockEvents: readonly E[];
  readonly finalizeBlockEvents: readonly E[];
  readonly endBlockEvents: readonly E[];
}

/**
 * A block's own events, labelled by the phase that emitted them: "Finalize block" from CometBFT
 * 0.38 on, "Begin block" and "End block" before it (a block of 0.37 has no finalize events and
 * one of 0.38 no begin or end ones). A block with none shows one empty "Block" list.
 */
export function blockEventPhases<E>(r: PhasedEvents<E>): Array<readonly [string, readonly E[]]> {
  const phases: Array<readonly [string, readonly E[]]> = [
    ["Begin block", r.beginBlockEvents],
    ["Finalize block", r.finalizeBlockEvents],
    ["End block", r.endBlockEvents],
  ];
  const present = phases.filter(([, events]) => events.length > 0);
  return present.length > 0 ? present : [["Block", []]];
}
