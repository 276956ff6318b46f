/** The last `span` heights as a strip, a mark where the validator missed: plain SVG, with the count as its label. */
export function MissedChart({ missed, height, span }: { missed: readonly string[]; height: string | null; span: number }) {
  const top = height === null ? 0 : Number(height) - 1; // the newest commit read is the block before the head
  const first = top - span + 1;
  const marks = missed.map(Number).filter((h) => h >= first && h <= top);
  const label = `${marks.length} missed in heights ${Math.max(first, 1)}–${top}`;
  return (
    <svg className="missed-chart" width={span * 2} height={14} role="img" aria-label={label} data-testid="missed-chart" data-missed={marks.join(",")}>
      <title>{label}</title>
      <rect x={0} y={6} width={span * 2} height={2} className="missed-chart-base" />
      {marks.map((h) => (
        <rect key={h} x={(h - first) * 2} y={0} width={2} height={14} className="missed-chart-mark" />
      ))}
    </svg>
  );
}
