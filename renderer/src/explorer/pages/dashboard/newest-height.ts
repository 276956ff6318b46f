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

/** What the live feed of main says (`chain.connection`): its state and the last height it saw. */
export interface FeedHeight {
  readonly state: "idle" | "connecting" | "live" | "polling" | "offline";
  readonly lastHeight: string | null;
}

/**
 * The height the dashboard shows: the newest of the block list's, the feed's and the node's own.
 * Before the node has answered `status`, the feed's height counts only while the feed follows
 * the chain (live or polling): an offline feed's last height may be long past.
 */
export function dashboardHeight(heights: { block?: string; feed?: FeedHeight; status?: string }): string | undefined {
  const following = heights.feed?.state === "live" || heights.feed?.state === "polling";
  return newestHeight(heights.block, heights.status !== undefined || following ? heights.feed?.lastHeight : undefined, heights.status);
}
