import { readableUtc } from "../../../shared/chain-time.js";
import { ChainText } from "./text/ChainText.js";

/**
 * A UTC time the chain (or main, reading it) wrote, read the same on every page:
 * `2026-11-26 17:08:58.688 UTC`, with the exact value (nanoseconds) in `dateTime` and the title,
 * so the cut loses nothing. A value that is not an RFC 3339 time may come from a hostile node: it
 * is shown as it came, as chain text.
 */
export function ChainTime({ value }: { value: string }) {
  const readable = readableUtc(value);
  if (readable === undefined) return <ChainText value={value} max={64} />;
  return (
    <time dateTime={value} title={value}>
      {readable}
    </time>
  );
}
