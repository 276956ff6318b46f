import type { EventHub } from "../../../../shared/event-hub.js";
import { type BlockFeedSource, createBlockFeed } from "../../live/block-feed.js";
import { registerChainHandlers } from "../../rpc/chain-handlers.js";
import { createRpcTransport } from "../../rpc/rpc-transport.js";

/**
 * What main gives the watch for one network, over one devnet node: its chain handlers, a block
 * feed (websocket `NewBlock`, polling `/blockchain` when the socket is down) and the feed's
 * source. The watch's integration tests follow a real chain through these, as the app does.
 */
export function nodeChain(rpc: string, networkId: string, events: EventHub) {
  const chain = registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [{ url: rpc, kind: "node" }] }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId, endpoint: null, state: "idle", lastHeight: null, reason: null }),
  });
  const feed = createBlockFeed({ events, pollIntervalMs: () => 1000 });
  const source: BlockFeedSource = {
    networkId,
    websocketUrl: `${rpc.replace("http", "ws")}/websocket`,
    latestHeight: async () => BigInt((await chain.status({})).syncInfo.latestBlockHeight),
    blocks: async (min, max) =>
      (await chain.blockchain({ minHeight: String(min), maxHeight: String(max) })).blockMetas.map((m) => ({ height: m.header.height, hash: m.blockId.hash, time: m.header.time, numTxs: m.numTxs, proposerAddress: m.header.proposerAddress })),
  };
  return { chain, feed, source };
}
