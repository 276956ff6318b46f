/**
 * The newest of several block heights (decimal strings; missing ones ignored), or undefined.
 * The dashboard shows the live feed's height the moment its event arrives, before the block's
 * own details have been fetched, and never goes back to an older answer still in flight.
 */
export function newestHeight(...heights: ReadonlyArray<string | null | undefined>): string | undefined {
  let newest: bigint | undefined;
  for (const h of heights) {
    if (h == null || !/^\d+$/.test(h)) continue;
    const n = BigInt(h);
    if (newest === undefined || n > newest) newest = n;
  }
  return newest?.toString();
}
