import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import type { EventPayload } from "../../../shared/events.js";
import { AppError } from "../app-error.js";
import { createEventHub } from "../event-hub.js";
import { type BlockFeedSource, createBlockFeed, type FeedBlock } from "./block-feed.js";
import type { ChainTx } from "./tx-frames.js";

/**
 * The feed against a hostile node: a websocket that sends junk and out-of-order triggers, and a
 * block source that answers with repeats, shuffles and holes. The real node is in
 * block-feed.integration.test.ts; this one plays what a real node will not do on demand.
 */
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const block = (h: number): FeedBlock => ({ height: String(h), hash: h.toString(16).padStart(64, "0").toUpperCase(), time: "2026-11-21T00:00:00Z", numTxs: 0, proposerAddress: "AB" });

async function hostileWebsocket(frames: string[]): Promise<string> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((r) => wss.once("listening", r));
  wss.on("connection", (ws) => ws.once("message", () => frames.forEach((f) => ws.send(f))));
  cleanups.push(() => wss.close());
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/websocket`;
}
const trigger = (h: number) => JSON.stringify({ jsonrpc: "2.0", id: "x", result: { data: { value: { block: { header: { height: String(h) } } } } } });

/** An event hub, the heights it was told of in order, and a promise kept once `last` was among them. */
function heightsUntil(last: number) {
  const events = createEventHub();
  const seen: number[] = [];
  const done = new Promise<void>((resolve) =>
    events.listen((event, payload) => {
      if (event !== "chain.newBlock") return;
      seen.push(Number((payload as EventPayload<"chain.newBlock">).height));
      if (seen.at(-1) === last) resolve();
    }),
  );
  return { events, seen, done };
}

describe("the block feed against a hostile node", () => {
  it("emits each height once and in order despite junk, repeated and reordered triggers and shuffled answers", async () => {
    let tip = 10;
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: await hostileWebsocket(["not json", "{}", trigger(14), trigger(12), trigger(14), trigger(13), '{"result":{"data":{"value":{"block":{"header":{"height":"-1"}}}}}}', "x".repeat(100_000), trigger(16)]),
      latestHeight: async () => BigInt(tip),
      // Answers the range with each block twice, shuffled, plus one outside the range.
      blocks: async (min, max) => {
        const out: FeedBlock[] = [block(Number(max) + 5)];
        for (let h = Number(min); h <= Number(max) && h <= tip; h++) out.push(block(h), block(h));
        return out.reverse();
      },
    };
    const { events, seen, done } = heightsUntil(16);
    const feed = createBlockFeed({ events, pollIntervalMs: () => 60_000 });
    cleanups.push(() => feed.stop());
    tip = 16;
    feed.start(source);
    await done;
    // Whichever of the first poll and the first trigger wins, the feed starts at one height and
    // then counts up by one: no repeat, no step back, no gap, and nothing past the tip.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(seen.map((_, i) => seen[0]! + i));
    expect(feed.status().lastHeight).toBe("16");
  });

  it("reads a backlog in batches, not one call per block, when the node answers slower than blocks come", async () => {
    // 30 NewBlock triggers at once, from a node whose block reads each take 50 ms: a queue of
    // one catch-up per trigger would read block by block (30 calls), and keep growing for as
    // long as the node stays slower than its chain.
    const calls: string[] = [];
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: await hostileWebsocket(Array.from({ length: 30 }, (_, i) => trigger(11 + i))),
      latestHeight: async () => 10n,
      blocks: async (min, max) => {
        calls.push(`${min}-${max}`);
        await new Promise((r) => setTimeout(r, 50));
        return Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i));
      },
    };
    const { events, seen, done } = heightsUntil(40);
    const feed = createBlockFeed({ events, pollIntervalMs: () => 60_000 });
    cleanups.push(() => feed.stop());
    feed.start(source);
    await done;
    expect(seen).toEqual(seen.map((_, i) => seen[0]! + i));
    expect(seen.at(-1)).toBe(40);
    expect(calls.length).toBeLessThanOrEqual(4);
  });

  it("fills a hole the block source leaves on the next trigger, never skipping it", async () => {
    let tip = 5;
    let holeAt7 = true;
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: undefined,
      latestHeight: async () => BigInt(tip),
      blocks: async (min, max) => {
        const out: FeedBlock[] = [];
        for (let h = Number(min); h <= Number(max) && h <= tip; h++) if (!(h === 7 && holeAt7)) out.push(block(h));
        return out;
      },
    };
    const events = createEventHub();
    const seen: number[] = [];
    let onBlock: (() => void) | undefined;
    events.listen((event, payload) => {
      if (event !== "chain.newBlock") return;
      seen.push(Number((payload as EventPayload<"chain.newBlock">).height));
      onBlock?.();
    });
    const until = (h: number) => new Promise<void>((resolve) => (onBlock = () => seen.at(-1) === h && resolve()));
    const feed = createBlockFeed({ events, pollIntervalMs: () => 250 });
    cleanups.push(() => feed.stop());
    const first = until(5);
    feed.start(source);
    await first;
    tip = 9;
    const sixth = until(6);
    await sixth; // 7 is missing, so 8 and 9 must wait
    holeAt7 = false;
    const ninth = until(9);
    await ninth;
    expect(seen).toEqual([5, 6, 7, 8, 9]);
  });

  it("clears the outage's reason once the node answers again", async () => {
    let up = false;
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: undefined,
      latestHeight: async () => {
        if (!up) throw new Error("connect ECONNREFUSED 127.0.0.1:1");
        return 5n;
      },
      blocks: async (min, max) => Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i)),
    };
    const events = createEventHub();
    const changes: Array<EventPayload<"network.connectionChanged">> = [];
    const reached = (state: string) =>
      new Promise<void>((resolve) => events.listen((event, payload) => event === "network.connectionChanged" && (payload as { state: string }).state === state && resolve()));
    events.listen((event, payload) => void (event === "network.connectionChanged" && changes.push(payload as EventPayload<"network.connectionChanged">)));
    const feed = createBlockFeed({ events, pollIntervalMs: () => 20 });
    cleanups.push(() => feed.stop());
    const offline = reached("offline");
    feed.start(source);
    await offline;
    expect(feed.status().reason).toMatch(/ECONNREFUSED/);
    const back = reached("polling");
    up = true;
    await back;
    expect(feed.status()).toMatchObject({ state: "polling", reason: null });
    expect(changes.at(-1)?.reason).toBeNull();
  });

  it("takes back a failed catch-up's reason once a later one reads its blocks, while the websocket stays live", async () => {
    // A public node's rate limit makes one block read fail while the websocket is open: the
    // status said so, and went on saying it after the next read got the blocks.
    let refuse = true;
    let live = false;
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: await hostileWebsocket([trigger(8)]),
      latestHeight: async () => 5n,
      blocks: async (min, max) => {
        if (refuse && live) {
          refuse = false;
          throw new Error("every node of this network is rate-limiting: next try in 4 s");
        }
        return Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i));
      },
    };
    const { events, done } = heightsUntil(8);
    const reasons: Array<string | null> = [];
    events.listen((event, payload) => {
      if (event !== "network.connectionChanged") return;
      const change = payload as EventPayload<"network.connectionChanged">;
      live = change.state === "live";
      reasons.push(change.reason);
    });
    const feed = createBlockFeed({ events, pollIntervalMs: () => 20 });
    cleanups.push(() => feed.stop());
    feed.start(source);
    await done;
    expect(reasons).toContain("every node of this network is rate-limiting: next try in 4 s");
    await vi.waitFor(() => expect(feed.status()).toMatchObject({ state: "live", reason: null, lastHeight: "8" }));
    expect(reasons.at(-1)).toBeNull();
  });

  it("does not say polling for a node that has not answered a poll, while its websocket is refused", async () => {
    let answer: ((h: bigint) => void) | undefined;
    let fail: ((e: Error) => void) | undefined;
    const source: BlockFeedSource = {
      networkId: "n",
      // Nothing listens on port 1: the websocket is refused at once, long before the poll ends.
      websocketUrl: "ws://127.0.0.1:1/websocket",
      latestHeight: () => new Promise<bigint>((resolve, reject) => ((answer = resolve), (fail = reject))),
      blocks: async (min, max) => Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i)),
    };
    const events = createEventHub();
    const states: string[] = [];
    events.listen((event, payload) => void (event === "network.connectionChanged" && states.push((payload as { state: string }).state)));
    const reasonSays = (pattern: RegExp) =>
      new Promise<void>((resolve) => events.listen((event, payload) => event === "network.connectionChanged" && pattern.test((payload as { reason: string | null }).reason ?? "") && resolve()));
    const feed = createBlockFeed({ events, pollIntervalMs: () => 60_000, reconnectMs: 60_000 });
    cleanups.push(() => feed.stop());
    const refused = reasonSays(/^this node does not offer a websocket \(connection refused\); following by polling every 60 s$/);
    feed.start(source);
    await refused;
    // The websocket's failure is said, but the node has not answered anything yet.
    expect(feed.status()).toMatchObject({ state: "connecting" });
    expect(states).not.toContain("polling");
    // The poll fails too: offline, with the poll's own reason, not the websocket's.
    const offline = reasonSays(/ETIMEDOUT/);
    fail!(new Error("connect ETIMEDOUT 10.0.0.1:26657"));
    await offline;
    expect(feed.status()).toMatchObject({ state: "offline", reason: "connect ETIMEDOUT 10.0.0.1:26657" });
    expect(states).not.toContain("polling");
    feed.stop();

    // Once a poll answers, polling it is, and the websocket's reason is said again.
    const polling = new Promise<void>((resolve) => events.listen((event, payload) => event === "network.connectionChanged" && (payload as { state: string }).state === "polling" && resolve()));
    const refusedAgain = reasonSays(/^this node does not offer a websocket/);
    const fifth = new Promise<void>((resolve) => events.listen((event, payload) => event === "chain.newBlock" && (payload as { height: string }).height === "5" && resolve()));
    feed.start(source);
    await refusedAgain;
    answer!(5n);
    await polling;
    await fifth;
    expect(feed.status()).toMatchObject({ state: "polling", lastHeight: "5" });
    expect(feed.status().reason).toMatch(/^this node does not offer a websocket \(connection refused\); following by polling every 60 s$/);
  });

  it("follows block headers when a NewBlock frame is too large, and whole blocks again later", async () => {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((r) => wss.once("listening", r));
    cleanups.push(() => wss.close());
    const queries: string[] = [];
    let tip = 10;
    const header = (h: number) => JSON.stringify({ jsonrpc: "2.0", id: "cometdesk-newblock", result: { query: "tm.event='NewBlockHeader'", data: { type: "tendermint/event/NewBlockHeader", value: { header: { height: String(h) } } } } });
    wss.on("connection", (ws) =>
      ws.on("message", (data) => {
        const query = (JSON.parse(data.toString()) as { params: { query: string } }).params.query;
        if (!query.includes("NewBlock")) return; // the consensus subscriptions
        queries.push(query);
        // A block whose frame is larger than the feed takes, then headers on the header subscription.
        if (query === "tm.event='NewBlock'" && queries.length === 1) ws.send(JSON.stringify({ result: { data: { value: { block: { header: { height: String(++tip) } }, pad: "x".repeat(70_000) } } } }));
        if (query === "tm.event='NewBlockHeader'") for (let i = 0; i < 3; i++) ws.send(header(++tip));
      }),
    );
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/websocket`,
      latestHeight: async () => 10n,
      blocks: async (min, max) => Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i)).filter((b) => Number(b.height) <= tip),
    };
    const events = createEventHub();
    const seen: number[] = [];
    const reasons: Array<string | null> = [];
    events.listen((event, payload) => {
      if (event === "chain.newBlock") seen.push(Number((payload as EventPayload<"chain.newBlock">).height));
      if (event === "network.connectionChanged") reasons.push((payload as EventPayload<"network.connectionChanged">).reason);
    });
    const feed = createBlockFeed({ events, pollIntervalMs: () => 60_000, maxFrameBytes: 64 << 10, headersOnlyMs: 1_500 });
    cleanups.push(() => feed.stop());
    feed.start(source);
    await vi.waitFor(() => expect(seen.at(-1)).toBe(14), { timeout: 5_000 });
    // Straight to headers: no fallback to polling, and the status says why and until when.
    expect(queries.slice(0, 2)).toEqual(["tm.event='NewBlock'", "tm.event='NewBlockHeader'"]);
    expect(feed.status().state).toBe("live");
    expect(feed.status().reason).toMatch(/^a NewBlock frame was over 64 KiB: following block headers instead until \d\d:\d\d UTC$/);
    expect(reasons.some((r) => r?.includes("websocket"))).toBe(false);
    // Every height once, in order, the one whose frame was too large included.
    expect(seen).toEqual(seen.map((_, i) => seen[0]! + i));
    // Once the time is up, whole blocks again, and the note is gone.
    await vi.waitFor(() => expect(queries.at(-1)).toBe("tm.event='NewBlock'"), { timeout: 5_000 });
    expect(queries).toHaveLength(3);
    await vi.waitFor(() => expect(feed.status()).toMatchObject({ state: "live", reason: null }), { timeout: 5_000 });
  });

  it("waits for a websocket still opening rather than flash polling, and polls at once if it then fails", async () => {
    // A node whose websocket handshake takes 400 ms, answered (first run) or refused (second).
    let refuse = false;
    const wss = new WebSocketServer({
      host: "127.0.0.1",
      port: 0,
      verifyClient: (_info, done: (ok: boolean, code?: number) => void) => void setTimeout(() => done(!refuse, 503), 400),
    });
    await new Promise((r) => wss.once("listening", r));
    cleanups.push(() => wss.close());
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/websocket`,
      latestHeight: async () => 5n, // answers at once, long before the handshake
      blocks: async (min, max) => Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i)),
    };
    const events = createEventHub();
    const states: string[] = [];
    events.listen((event, payload) => void (event === "network.connectionChanged" && states.push((payload as { state: string }).state)));
    const feed = createBlockFeed({ events, pollIntervalMs: () => 60_000, reconnectMs: 60_000 });
    cleanups.push(() => feed.stop());
    feed.start(source);
    await vi.waitFor(() => expect(feed.status().state).toBe("live"), { timeout: 5_000 });
    expect(states).toEqual(["connecting", "live"]);

    // Refused after the poll answered: polling at once, not a minute later at the next poll.
    refuse = true;
    states.length = 0;
    feed.start(source);
    await vi.waitFor(() => expect(feed.status().state).toBe("polling"), { timeout: 5_000 });
    expect(states).toEqual(["idle", "connecting", "polling"]);
    expect(feed.status().reason).toBe("this node does not offer a websocket (refused with HTTP 503); following by polling every 60 s");
  });

  it("while live, the safety poll leaves the newest block to its frame, and still catches up a socket that went silent", async () => {
    // A node whose RPC already has a block whose NewBlock frame has not come yet.
    let tip = 10;
    let send: ((frame: string) => void) | undefined;
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((r) => wss.once("listening", r));
    wss.on("connection", (ws) => ws.once("message", () => (send = (f) => ws.send(f))));
    cleanups.push(() => wss.close());
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/websocket`,
      latestHeight: async () => BigInt(tip),
      blocks: async (min, max) => Array.from({ length: Math.max(0, Math.min(Number(max), tip) - Number(min) + 1) }, (_, i) => block(Number(min) + i)),
    };
    const { events, seen, done } = heightsUntil(11);
    // Live, the safety poll runs every 5 × 20 ms.
    const feed = createBlockFeed({ events, pollIntervalMs: () => 20 });
    cleanups.push(() => feed.stop());
    feed.start(source);
    await vi.waitFor(() => expect(feed.status().state).toBe("live"), { timeout: 5_000 });
    await vi.waitFor(() => expect(send).toBeDefined(), { timeout: 5_000 });
    tip = 11;
    send!(trigger(11));
    await done;
    // Block 12 is on the node; its frame is late. Several safety polls pass without taking it.
    tip = 12;
    await new Promise((r) => setTimeout(r, 500));
    expect(seen.at(-1)).toBe(11);
    send!(trigger(12));
    await vi.waitFor(() => expect(seen.at(-1)).toBe(12), { timeout: 5_000 });
    // The socket goes silent while the chain goes on to 15: the safety net catches up to 14, and the newest follows.
    tip = 15;
    await vi.waitFor(() => expect(seen.at(-1)).toBe(14), { timeout: 5_000 });
    expect(seen).toEqual(seen.map((_, i) => seen[0]! + i));
  });
});

describe("the block feed on a public node", () => {
  it("says in words that a node refusing its websocket is followed by polling, and keeps polling through a rate limit", async () => {
    // A proxy in front of the node that refuses /websocket, as many public nodes' do.
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, verifyClient: (_info, done: (ok: boolean, code?: number) => void) => done(false, 403) });
    await new Promise((r) => wss.once("listening", r));
    cleanups.push(() => wss.close());
    let limited = false;
    let polls = 0;
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/websocket`,
      latestHeight: async () => {
        polls++;
        if (limited) throw new AppError("rpc_rate_limited", "every node of this network is rate-limiting: next try in 1 s", { retryAfterSeconds: 1 });
        return 5n;
      },
      blocks: async (min, max) => Array.from({ length: Number(max - min) + 1 }, (_, i) => block(Number(min) + i)),
    };
    const events = createEventHub();
    const states: string[] = [];
    events.listen((event, payload) => void (event === "network.connectionChanged" && states.push((payload as { state: string }).state)));
    const feed = createBlockFeed({ events, pollIntervalMs: () => 200, reconnectMs: 60_000 });
    cleanups.push(() => feed.stop());
    feed.start(source);
    await vi.waitFor(() => expect(feed.status()).toMatchObject({ state: "polling", reason: "this node does not offer a websocket (refused with HTTP 403); following by polling every 0.2 s" }), { timeout: 5_000 });

    // The node starts refusing for load: still polling, saying why, never offline.
    limited = true;
    await vi.waitFor(() => expect(feed.status().reason).toBe("waiting for the node's rate limit (next poll in 1 s); following by polling every 0.2 s"), { timeout: 5_000 });
    const during = polls;
    expect(feed.status().state).toBe("polling");
    // The next poll waits the rest the node asked for, not the 200 ms interval.
    await new Promise((r) => setTimeout(r, 600));
    expect(polls - during).toBeLessThanOrEqual(1);
    // Once it answers again, the websocket's reason is back.
    limited = false;
    await vi.waitFor(() => expect(feed.status().reason).toMatch(/^this node does not offer a websocket/), { timeout: 5_000 });
    expect(states).not.toContain("offline");
  });
});

describe("the block feed on a node before CometBFT 0.38", () => {
  it("hands on a NewBlock frame's transactions settled with the block's results, read by height, since the frame has none", async () => {
    // The recorded frame as CometBFT 0.37 frames it (cometbft@v0.37.15 types/events.go,
    // EventDataNewBlock): block, result_begin_block and result_end_block, no tx results.
    const recorded = JSON.parse(readFileSync(new URL("./newblock-frame.recorded.json", import.meta.url), "utf8")) as { result: { data: { value: Record<string, unknown> } } };
    const { block: frameBlock } = recorded.result.data.value;
    recorded.result.data.value = { block: frameBlock, result_begin_block: { events: [] }, result_end_block: { validator_updates: [] } };
    const read: string[] = [];
    const source: BlockFeedSource = {
      networkId: "n",
      websocketUrl: await hostileWebsocket([JSON.stringify(recorded)]),
      latestHeight: async () => 29n,
      blocks: async (min, max) => Array.from({ length: Math.max(0, Math.min(Number(max), 30) - Number(min) + 1) }, (_, i) => block(Number(min) + i)),
      txResults: async (height) => (read.push(height), [{ code: 0 }]),
    };
    const settled = new Promise<readonly ChainTx[]>((resolve) => {
      const feed = createBlockFeed({ events: createEventHub(), pollIntervalMs: () => 60_000, onBlockTxs: (_, txs) => void txs().then(resolve) });
      cleanups.push(() => feed.stop());
      feed.start(source);
    });
    expect(await settled).toEqual([{ txHash: "26ED450920D1CEF97E6D7E1119FCEA682E94965EB46F709088A92EB514CA2682", height: "30", code: 0, codespace: undefined, log: undefined }]);
    expect(read).toEqual(["30"]);
  });
});
