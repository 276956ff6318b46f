import { useQuery } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { chainQueries } from "./chain-queries.js";

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
 * The height the app shows: the newest of a block list's, the feed's and the node's own.
 * Before the node has answered `status`, the feed's height counts only while the feed follows
 * the chain (live or polling): an offline feed's last height may be long past.
 */
export function dashboardHeight(heights: { block?: string; feed?: FeedHeight; status?: string }): string | undefined {
  const following = heights.feed?.state === "live" || heights.feed?.state === "polling";
  return newestHeight(heights.block, heights.status !== undefined || following ? heights.feed?.lastHeight : undefined, heights.status);
}

/**
 * The app's one height for a network: the newest of the live feed's (`chain.connection`), the
 * node's `status` as last read by any page (read from the cache here, never fetched: this hook
 * adds no request), and `seen`, a height the calling page holds itself (its newest block row).
 * Every page that shows "the latest height" reads it here, so that a page coming back to the
 * screen with an old answer in its cache shows the height the rest of the app already shows.
 */
export function useChainHeight(api: CometdeskApi, networkId: string, o: { enabled?: boolean; seen?: string } = {}): string | undefined {
  const enabled = o.enabled !== false && networkId !== "";
  const feed = useQuery({ ...chainQueries.connection(api, networkId), enabled }).data;
  const status = useQuery({ ...chainQueries.status(api, networkId), enabled: false }).data?.syncInfo.latestBlockHeight;
  return dashboardHeight({ block: o.seen, feed, status });
}
