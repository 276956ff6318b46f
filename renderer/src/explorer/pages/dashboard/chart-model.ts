/** One bar pair of the dashboard chart: a block's interval since its parent and its tx count. */
export interface ChartPoint {
  readonly height: string;
  readonly intervalMs: number;
  readonly txs: number;
}

/** Oldest first; the oldest block has no parent in the window, so it is dropped. */
export function chartPoints(metas: readonly { height: string; time: string; numTxs: number }[]): ChartPoint[] {
  const sorted = [...metas].sort((a, b) => (BigInt(a.height) < BigInt(b.height) ? -1 : 1));
  const out: ChartPoint[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const cur = sorted[i]!;
    const prev = sorted[i - 1]!;
    if (BigInt(cur.height) - BigInt(prev.height) !== 1n) continue;
    out.push({ height: cur.height, intervalMs: Math.max(0, Date.parse(cur.time) - Date.parse(prev.time)), txs: cur.numTxs });
  }
  return out;
}

/** A "nice" axis maximum at or above `v`: 1, 2 or 5 times a power of ten. */
export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * p).find((m) => m >= v)!;
}
