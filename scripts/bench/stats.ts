/** Order statistics for benchmark samples: nearest-rank quantiles and medians. */

/** The nearest-rank quantile `q` (0..1) of some samples; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(Math.min(1, Math.max(0, q)) * sorted.length);
  return sorted[Math.max(0, rank - 1)]!;
}

/** The median: the middle value, or the mean of the two middle ones; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Summary {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** p50/p95/p99/max/mean of one run's samples. */
export function summarize(values: readonly number[]): Summary {
  const mean = values.length ? values.reduce((s, x) => s + x, 0) / values.length : Number.NaN;
  return { count: values.length, p50: quantile(values, 0.5), p95: quantile(values, 0.95), p99: quantile(values, 0.99), max: values.length ? Math.max(...values) : Number.NaN, mean };
}

/** Each field's median over several runs' summaries (the figure docs/benchmarks.md shows). */
export function medianOf<K extends string>(runs: ReadonlyArray<Readonly<Record<K, number>>>, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Record<K, number>;
}
