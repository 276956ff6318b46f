import { type ChartPoint, niceMax } from "./chart-model.js";

const W = 600;
const H = 140;
const PAD = 28;

/** Block intervals (bars) and tx counts (dots) of recent blocks, drawn as plain SVG. */
export function BlockChart({ points }: { points: readonly ChartPoint[] }) {
  if (points.length === 0) return <p className="muted">Not enough blocks yet for a chart.</p>;
  const maxMs = niceMax(Math.max(...points.map((p) => p.intervalMs)));
  const maxTx = niceMax(Math.max(1, ...points.map((p) => p.txs)));
  const slot = (W - 2 * PAD) / points.length;
  const y = (v: number, max: number) => H - PAD - (v / max) * (H - 2 * PAD);
  const avg = Math.round(points.reduce((s, p) => s + p.intervalMs, 0) / points.length);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title chart-desc" data-testid="block-chart">
        <title id="chart-title">Block times and transactions of the last {points.length} blocks</title>
        <desc id="chart-desc">Average block time {avg} ms; most transactions in one block {Math.max(...points.map((p) => p.txs))}.</desc>
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="axis" />
        <text x={4} y={PAD} className="axis-label">{maxMs} ms</text>
        <text x={W - PAD + 2} y={PAD} className="axis-label">{maxTx} tx</text>
        {points.map((p, i) => (
          <g key={p.height}>
            <rect x={PAD + i * slot + 1} width={Math.max(1, slot - 2)} y={y(p.intervalMs, maxMs)} height={H - PAD - y(p.intervalMs, maxMs)} className="bar">
              <title>Block {p.height}: {p.intervalMs} ms, {p.txs} tx</title>
            </rect>
            {p.txs > 0 && <circle cx={PAD + (i + 0.5) * slot} cy={y(p.txs, maxTx)} r={3} className="dot" />}
          </g>
        ))}
        <text x={PAD} y={H - 8} className="axis-label">{points[0]!.height}</text>
        <text x={W - PAD} y={H - 8} className="axis-label" textAnchor="end">{points.at(-1)!.height}</text>
      </svg>
      <figcaption className="muted">Bars: time since the previous block (average {avg} ms). Dots: transactions per block.</figcaption>
    </figure>
  );
}
