/**
 * A chain time as the reader's local date and time, with the exact instant kept in `dateTime`;
 * "—" when the chain has none. The list and a proposal's page read times the same way.
 */
export function localTime(iso: string | null) {
  return iso ? <time dateTime={iso}>{new Date(iso).toLocaleString()}</time> : "—";
}
