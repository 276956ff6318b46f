import type { Network } from "../../../shared/contract/network.js";
import { createEventHub } from "../event-hub.js";
import { type BlockFeed, type BlockFeedSource, createBlockFeed } from "../live/block-feed.js";
import type { WatchBlock } from "../../../watch/watch-service.js";

export interface WatchFeedsDeps {
  /** Where a network's blocks are read: its own nodes (or access service), never the selected network's transport. */
  readonly sourceFor: (network: Network) => BlockFeedSource;
  readonly pollIntervalMs: () => number;
  readonly onBlock: (block: WatchBlock) => void;
}

/**
 * The block follow of each watched network that is not the selected one: the live feed's own
 * code (a websocket NewBlock subscription, polling while it is down), on a hub of its own, so
 * its blocks go to the watch alone and never reach the renderer, and with no vote subscription.
 */
export function createWatchFeeds(deps: WatchFeedsDeps) {
  const feeds = new Map<string, { key: string; feed: BlockFeed; unlisten: () => void }>();
  const keyOf = (n: Network) => JSON.stringify([n.chainId, n.rpcVia, n.accessUrl, n.rpcUrls]);

  function stopOne(id: string): void {
    const known = feeds.get(id);
    if (!known) return;
    known.unlisten();
    known.feed.stop();
    feeds.delete(id);
  }

  return {
    /** Follows exactly `networks` in the background; one whose endpoints changed starts again. */
    sync(networks: readonly Network[]): void {
      const want = new Map(networks.map((n) => [n.id, n]));
      for (const id of [...feeds.keys()]) if (want.get(id) === undefined || feeds.get(id)!.key !== keyOf(want.get(id)!)) stopOne(id);
      for (const network of want.values()) {
        if (feeds.has(network.id)) continue;
        const hub = createEventHub();
        const feed = createBlockFeed({ events: hub, pollIntervalMs: deps.pollIntervalMs, consensus: false });
        const unlisten = hub.listen((event, payload) => {
          if (event === "chain.newBlock") deps.onBlock(payload as WatchBlock);
        });
        feeds.set(network.id, { key: keyOf(network), feed, unlisten });
        feed.start(deps.sourceFor(network));
      }
    },
    /** Who signed `height`, when that network's NewBlock frame carried it. */
    commitOf: (networkId: string, height: bigint) => feeds.get(networkId)?.feed.commitOf(networkId, height),
    /** The evidence block `height` carried, when that network's NewBlock frame was seen. */
    evidenceOf: (networkId: string, height: bigint) => feeds.get(networkId)?.feed.evidenceOf(networkId, height),
    status: (networkId: string) => feeds.get(networkId)?.feed.status(),
    following: (): string[] => [...feeds.keys()],
    stop(): void {
      [...feeds.keys()].forEach(stopOne);
    },
  };
}

export type WatchFeeds = ReturnType<typeof createWatchFeeds>;
