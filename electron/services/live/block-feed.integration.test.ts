import { afterEach, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import type { EventPayload } from "../../../shared/events.js";
import { createEventHub } from "../event-hub.js";
import { registerChainHandlers } from "../rpc/chain-handlers.js";
import { createRpcTransport } from "../rpc/rpc-transport.js";
import { type BlockFeedSource, createBlockFeed } from "./block-feed.js";

const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
const wsUrl = `${rpc.replace("http", "ws")}/websocket`;
const chain = registerChainHandlers({
  transport: createRpcTransport({ endpoints: () => [{ url: rpc, kind: "node" }] }),
  defaultMethod: () => "POST",
  connection: () => ({ networkId: "devnet", endpoint: null, state: "idle", lastHeight: null, reason: null }),
});
const source = (websocketUrl: string | undefined): BlockFeedSource => ({
  networkId: "devnet",
  websocketUrl,
  latestHeight: async () => BigInt((await chain.status({})).syncInfo.latestBlockHeight),
  blocks: async (min, max) =>
    (await chain.blockchain({ minHeight: String(min), maxHeight: String(max) })).blockMetas.map((m) => ({
      height: m.header.height, hash: m.blockId.hash, time: m.header.time, numTxs: m.numTxs, proposerAddress: m.header.proposerAddress,
    })),
});

type Block = EventPayload<"chain.newBlock">;
const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((s) => s()));

function follow(websocketUrl: string | undefined, pollIntervalMs = 300, maxFrameBytes?: number) {
  const events = createEventHub();
  const blocks: Block[] = [];
  const states: string[] = [];
  let waiter: { count: number; resolve: () => void } | undefined;
  events.listen((event, payload) => {
    if (event === "chain.newBlock") blocks.push(payload as Block);
    if (event === "network.connectionChanged") states.push((payload as EventPayload<"network.connectionChanged">).state);
    if (waiter && blocks.length >= waiter.count) waiter.resolve();
  });
  // With a frame limit, votes and round steps are not asked for: their frames could pass it too.
  const feed = createBlockFeed({ events, pollIntervalMs: () => pollIntervalMs, ...(maxFrameBytes ? { maxFrameBytes, consensus: false } : {}) });
  stops.push(() => feed.stop());
  const until = (count: number) => new Promise<void>((resolve) => (blocks.length >= count ? resolve() : (waiter = { count, resolve })));
  return { feed, blocks, states, until };
}

function expectConsecutive(blocks: readonly Block[]): void {
  const heights = blocks.map((b) => Number(b.height));
  expect(heights).toEqual(heights.map((_, i) => heights[0]! + i));
  for (const b of blocks) expect(b.hash).toMatch(/^[0-9A-F]{64}$/);
}

describe("the live block feed", () => {
  it("follows the node's websocket: every height once, in order", async () => {
    const f = follow(`${rpc.replace("http", "ws")}/websocket`, 10_000);
    f.feed.start(source(`${rpc.replace("http", "ws")}/websocket`));
    await f.until(6);
    expectConsecutive(f.blocks);
    expect(f.states).toContain("live");
    expect(f.feed.status()).toMatchObject({ state: "live", lastHeight: f.blocks.at(-1)!.height });
  });

  it("reports votes and round steps as they happen, at the height the node is deciding", async () => {
    const events = createEventHub();
    const ticks: Array<EventPayload<"chain.consensusChanged">> = [];
    events.listen((event, payload) => event === "chain.consensusChanged" && ticks.push(payload as EventPayload<"chain.consensusChanged">));
    const feed = createBlockFeed({ events, pollIntervalMs: () => 10_000, consensusThrottleMs: 0 }); // every frame, so both causes show (the throttle has its unit test)
    stops.push(() => feed.stop());
    feed.start(source(`${rpc.replace("http", "ws")}/websocket`));
    await expect.poll(() => new Set(ticks.map((t) => t.height)).size, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const latest = BigInt((await chain.status({})).syncInfo.latestBlockHeight);
    const last = BigInt(ticks.at(-1)!.height);
    // The height being decided is the next one, give or take a block that landed meanwhile.
    expect(last >= latest && last <= latest + 2n).toBe(true);
    expect(ticks.map((t) => t.cause)).toContain("vote");
    expect(ticks.map((t) => t.cause)).toContain("step");
    expect(ticks.every((t) => t.networkId === "devnet")).toBe(true);
  });

  it("falls back to polling when the websocket is unavailable, with the reason", async () => {
    const deadWs = "ws://127.0.0.1:1/websocket";
    const f = follow(deadWs);
    f.feed.start(source(deadWs));
    await f.until(5);
    expectConsecutive(f.blocks);
    expect(f.states).toContain("polling");
    expect(f.feed.status().reason).toMatch(/websocket/);
  });

  it("fills the gap after a pause instead of skipping heights", async () => {
    const f = follow(undefined);
    f.feed.start(source(undefined));
    await f.until(2);
    f.feed.stop();
    const stoppedAt = Number(f.blocks.at(-1)!.height);
    // Let the chain move on by several blocks while nobody follows it.
    while (Number((await chain.status({})).syncInfo.latestBlockHeight) < stoppedAt + 4) await chain.health({});
    f.feed.start(source(undefined));
    await f.until(f.blocks.length + 5);
    expectConsecutive(f.blocks);
  });

  it("follows the node's block headers when its NewBlock frames are larger than the feed takes", async () => {
    // The sizes of this node's own frames: the feed is given a limit between the two, as a busy
    // mainnet's NewBlock frames would pass 16 MiB while their headers stay small.
    const sizes = await new Promise<{ block: number; header: number }>((resolve, reject) => {
      const ws = new WebSocket(wsUrl);
      const got: { block?: number; header?: number } = {};
      ws.on("open", () => {
        ws.send(JSON.stringify({ jsonrpc: "2.0", method: "subscribe", id: "b", params: { query: "tm.event='NewBlock'" } }));
        ws.send(JSON.stringify({ jsonrpc: "2.0", method: "subscribe", id: "h", params: { query: "tm.event='NewBlockHeader'" } }));
      });
      ws.on("message", (data: Buffer) => {
        const type = (JSON.parse(data.toString()) as { result?: { data?: { type?: string } } }).result?.data?.type;
        if (type === "tendermint/event/NewBlock") got.block ??= data.length;
        if (type === "tendermint/event/NewBlockHeader") got.header ??= data.length;
        if (got.block && got.header) {
          ws.close();
          resolve({ block: got.block, header: got.header });
        }
      });
      ws.on("error", reject);
    });
    expect(sizes.block).toBeGreaterThan(sizes.header + 64);
    const f = follow(wsUrl, 60_000, sizes.header + 32);
    f.feed.start(source(wsUrl));
    await f.until(6);
    expectConsecutive(f.blocks);
    // Followed live by the header subscription, not by polling (one poll a minute here): once
    // live, the websocket never gave way (the first poll may answer before it opens).
    expect(f.states).toContain("live");
    expect(f.states.slice(f.states.indexOf("live"))).not.toContain("polling");
    expect(f.feed.status()).toMatchObject({ state: "live", reason: expect.stringMatching(/^a NewBlock frame was over \d+ bytes: following block headers instead/) });
  });
});
