import { afterEach, describe, expect, inject, it } from "vitest";
import type { EventPayload } from "../../../shared/events.js";
import { createEventHub } from "../event-hub.js";
import { registerChainHandlers } from "../rpc/chain-handlers.js";
import { createRpcTransport } from "../rpc/rpc-transport.js";
import { type BlockFeedSource, createBlockFeed } from "./block-feed.js";

const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
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

function follow(websocketUrl: string | undefined, pollIntervalMs = 300) {
  const events = createEventHub();
  const blocks: Block[] = [];
  const states: string[] = [];
  let waiter: { count: number; resolve: () => void } | undefined;
  events.listen((event, payload) => {
    if (event === "chain.newBlock") blocks.push(payload as Block);
    if (event === "network.connectionChanged") states.push((payload as EventPayload<"network.connectionChanged">).state);
    if (waiter && blocks.length >= waiter.count) waiter.resolve();
  });
  const feed = createBlockFeed({ events, pollIntervalMs: () => pollIntervalMs });
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
});
