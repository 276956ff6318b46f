import WebSocket from "ws";
import { z } from "zod";
import type { EventPayload } from "../../../shared/events.js";
import type { EventHub } from "../event-hub.js";
import { createThrottle } from "../../../shared/throttle.js";
import { CONSENSUS_QUERIES, type ConsensusTick, consensusTick } from "./consensus-events.js";
import { RATE_LIMIT_WAIT, rateLimited, rateLimitWords, socketWords } from "./feed-words.js";
import { createFrameCommits, newBlockFrame } from "./frame-commits.js";
import type { ChainTx, TxOutcome } from "./tx-frames.js";

/** A block as the feed announces it (chain.blockchain's meta, reduced). */
export interface FeedBlock {
  readonly height: string;
  readonly hash: string;
  readonly time: string;
  readonly numTxs: number;
  readonly proposerAddress: string;
  /** The hash of the validator set that signs this block: when it changes, the set did (pages read it again then). */
  readonly validatorsHash?: string;
}

export interface BlockFeedSource {
  readonly networkId: string;
  /** ws://…/websocket of a node, when one is reachable directly; otherwise the feed only polls. */
  readonly websocketUrl: string | undefined;
  readonly latestHeight: () => Promise<bigint>;
  /** Blocks minHeight..maxHeight (at most 20), in any order. */
  readonly blocks: (minHeight: bigint, maxHeight: bigint) => Promise<readonly FeedBlock[]>;
  /**
   * The transaction results of the block at `height` (`block_results`): what settles the app's
   * transactions from a NewBlock frame that carries none (CometBFT 0.37, Tendermint 0.34).
   */
  readonly txResults?: (height: string) => Promise<readonly TxOutcome[]>;
}

export interface BlockFeedOptions {
  readonly events: EventHub;
  readonly pollIntervalMs: () => number;
  /** How long to wait before trying the websocket again after it failed. */
  readonly reconnectMs?: number;
  /** The shortest time between two `chain.consensusChanged` events. */
  readonly consensusThrottleMs?: number;
  /** Whether to subscribe to votes and round steps too (default true); a watch feed needs blocks only. */
  readonly consensus?: boolean;
  /**
   * Each block's transactions with their results, as the node's NewBlock frame carries them (or,
   * before CometBFT 0.38, as the source's `txResults` reads them): what settles the app's own
   * transactions at once, rather than at their next poll. `txs` reads and hashes them only when
   * called, so a listener with nothing pending costs a busy block nothing.
   */
  readonly onBlockTxs?: (networkId: string, txs: () => Promise<readonly ChainTx[]>) => void;
  /** The largest websocket frame taken (default 16 MiB); a NewBlock frame over it switches the feed to headers. */
  readonly maxFrameBytes?: number;
  /** How long the feed follows headers only after a NewBlock frame was too large (default 30 min). */
  readonly headersOnlyMs?: number;
}

type State = EventPayload<"network.connectionChanged">["state"];
const BATCH = 20n;
const WENT_BACK = "the node went back to height";
const MAX_FRAME = 16 << 20;
const HEADERS_ONLY_MS = 30 * 60_000;
/** A NewBlockHeader frame: the height is all the feed reads from it. */
const HeaderFrame = z.object({ result: z.object({ data: z.object({ value: z.object({ header: z.object({ height: z.string().regex(/^\d{1,20}$/) }) }) }) }) });
const frameLimit = (bytes: number) => (bytes % (1 << 20) === 0 ? `${bytes >> 20} MiB` : bytes % 1024 === 0 ? `${bytes >> 10} KiB` : `${bytes} bytes`);
const headerHeight = (text: string): bigint | undefined => {
  if (text.length > 1 << 20) return undefined;
  try {
    const parsed = HeaderFrame.safeParse(JSON.parse(text));
    return parsed.success ? BigInt(parsed.data.result.data.value.header.height) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Pushes `chain.newBlock` for the selected network: the node's websocket (tm.event='NewBlock')
 * says when, and the blocks are fetched by height, so heights are emitted in order, without gaps
 * or repeats, whether the websocket works, drops, or is unavailable (then it polls). Votes and
 * round steps on the same websocket become throttled `chain.consensusChanged` events, and each
 * NewBlock frame's transactions go to `onBlockTxs`.
 */
export function createBlockFeed(options: BlockFeedOptions) {
  let source: BlockFeedSource | undefined;
  let last: bigint | undefined;
  let state: State = "idle";
  let reason: string | null = null;
  // Why the websocket is down while polling stands in for it: kept apart from the state, which
  // says "polling" only once the node has answered a poll (a green dot for a node that never has
  // would be a lie).
  let socketWhy: string | null = null;
  /** Whether the last poll of this feed was answered. */
  let answered = false;
  let socket: WebSocket | undefined;
  // Until when the websocket carries block headers only: a NewBlock frame (the whole block and
  // its results) was larger than a frame may be, and each such block would otherwise close it.
  let headersOnlyUntil = 0;
  let wholeBlocksTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let generation = 0;
  /** The highest height a trigger or poll asked for, and the catch-up working towards it. */
  let wanted: { gen: number; height: bigint } | undefined;
  let running: { gen: number; done: Promise<void> } | undefined;
  /**
   * The reason a failed catch-up put up while the websocket stayed live (a block read that met a
   * rate limit, say), and the one it replaced: the next catch-up that reads its blocks takes it
   * back, or the status bar would show an old failure for as long as the socket stays open.
   */
  let catchUpFailure: { why: string; before: string | null } | undefined;
  // The commits that NewBlock frames carry, so the watch reads who signed without a call per block.
  const commits = createFrameCommits();
  const consensus = createThrottle<ConsensusTick & { networkId: string }>((tick) => options.events.emit("chain.consensusChanged", tick), options.consensusThrottleMs ?? 250);

  function setState(next: State, why: string | null): void {
    if (next === state && why === reason) return;
    state = next;
    reason = why;
    if (source) options.events.emit("network.connectionChanged", { networkId: source.networkId, state, endpoint: source.websocketUrl ?? null, reason });
  }

  /**
   * Emits every height after `last` up to the highest height asked for. One catch-up runs at a
   * time, and a trigger while it runs only raises its target: a node slower than its chain (each
   * read waits out a timeout) makes the running catch-up read more at once, never a queue of
   * catch-ups that grows with every block for as long as the node stays slow.
   */
  function catchUp(to: bigint, gen: number): Promise<void> {
    if (gen !== generation) return Promise.resolve();
    if (!wanted || wanted.gen !== gen || to > wanted.height) wanted = { gen, height: to };
    if (running?.gen === gen) return running.done;
    // A catch-up of an earlier feed may still be reading: it stops at its next step, and this one follows it.
    const before = running?.done ?? Promise.resolve();
    const run: { gen: number; done: Promise<void> } = {
      gen,
      done: before
        .then(() => drain(gen))
        .then(() => {
          if (gen !== generation || !catchUpFailure) return;
          if (reason === catchUpFailure.why) setState(state, catchUpFailure.before);
          catchUpFailure = undefined;
        })
        .catch((error: unknown) => {
          if (gen !== generation) return;
          // A node that refuses for load is there: it is waited for, never "offline" by itself.
          const limited = rateLimited(error);
          const why = limited ? rateLimitWords(limited.retryAfterSeconds, options.pollIntervalMs()) : error instanceof Error ? error.message.slice(0, 300) : "block fetch failed";
          // Put up while the websocket stays live, it is taken back by the next catch-up that reads its blocks.
          if (socket) catchUpFailure = { why, before: catchUpFailure && reason === catchUpFailure.why ? catchUpFailure.before : reason };
          if (limited) setState(state === "live" ? "live" : "polling", why);
          else setState(socket ? state : "offline", why);
        })
        .finally(() => {
          if (running === run) running = undefined;
        }),
    };
    running = run;
    return run.done;
  }

  async function drain(gen: number): Promise<void> {
    const s = source;
    if (!s || gen !== generation || wanted?.gen !== gen) return;
    let done: bigint = last ?? wanted.height - 1n; // a new feed starts at the tip, not at genesis
    last = done;
    for (;;) {
      const target = wanted?.gen === gen ? wanted.height : undefined;
      if (target === undefined || done >= target || gen !== generation) return;
      const max: bigint = done + BATCH < target ? done + BATCH : target;
      const got: FeedBlock[] = [...(await s.blocks(done + 1n, max))].sort((a, b) => (BigInt(a.height) < BigInt(b.height) ? -1 : 1));
      const before: bigint = done;
      for (const block of got) {
        if (gen !== generation || BigInt(block.height) !== done + 1n) continue; // skip repeats; a gap stops the batch
        options.events.emit("chain.newBlock", { networkId: s.networkId, ...block });
        done = BigInt(block.height);
        last = done;
      }
      if (done === before) return; // the node does not have it yet; the next trigger retries
    }
  }

  /** The rest a rate-limited poll was asked for: the next poll waits at least this long. */
  let restMs = 0;
  async function poll(gen: number): Promise<void> {
    const s = source;
    if (!s || gen !== generation) return;
    try {
      const tip = await s.latestHeight();
      answered = true;
      if (state === "offline" || state === "connecting") {
        // The node answers again, so the outage's reason is over; a websocket fallback's stays.
        // A websocket still opening is waited for: "polling" for the moment it takes would flash.
        const ws = socket?.readyState;
        setState(ws === WebSocket.OPEN ? "live" : ws === WebSocket.CONNECTING ? "connecting" : "polling", ws === WebSocket.OPEN ? null : socketWhy);
      }
      // A node that goes back (restored from a snapshot, forked, or lying) must not move the
      // shown height back or repeat heights: it is flagged, and followed again once past `last`.
      if (last !== undefined && tip < last) setState(state, `${WENT_BACK} ${tip}, below ${last} already shown; waiting for it to catch up`);
      else if (reason?.startsWith(WENT_BACK) || reason?.startsWith(RATE_LIMIT_WAIT)) setState(state, state === "polling" ? socketWhy : null);
      // While live, the node may answer `status` with a block whose NewBlock frame is still on its
      // way: the safety net stops one short of the tip, so that block comes with its frame (the
      // watch reads who signed it from the frame, not by RPC). A socket that stalled in silence is
      // still caught up, one block later.
      await catchUp(state === "live" && last !== undefined && tip > last ? tip - 1n : tip, gen);
    } catch (error) {
      const limited = rateLimited(error);
      if (gen === generation && limited) {
        // The node answered, with "slow down": polling it stays, and the next poll waits its rest.
        answered = true;
        restMs = limited.retryAfterSeconds * 1_000;
        setState(state === "live" ? "live" : "polling", rateLimitWords(limited.retryAfterSeconds, options.pollIntervalMs()));
      } else if (gen === generation) {
        answered = false;
        setState("offline", error instanceof Error ? error.message.slice(0, 300) : "node unreachable");
      }
    }
    if (gen === generation) {
      // While the websocket is live, polling is only a slow safety net against silent stalls.
      const every = Math.max(restMs, options.pollIntervalMs() * (state === "live" ? 5 : 1));
      restMs = 0;
      pollTimer = setTimeout(() => void poll(gen), every).unref();
    }
  }

  /** Closes `ws` for good: no listener of it runs again, and its late errors are swallowed. */
  function drop(ws: WebSocket): void {
    if (socket === ws) socket = undefined;
    ws.removeAllListeners();
    ws.on("error", () => {});
    ws.terminate();
  }

  function connect(gen: number): void {
    const url = source?.websocketUrl;
    if (!url || gen !== generation) return;
    const maxFrame = options.maxFrameBytes ?? MAX_FRAME;
    const headersOnly = Date.now() < headersOnlyUntil;
    const ws = new WebSocket(url, { maxPayload: maxFrame, handshakeTimeout: 5_000 });
    socket = ws;
    ws.on("open", () => {
      socketWhy = null;
      const query = headersOnly ? "tm.event='NewBlockHeader'" : "tm.event='NewBlock'";
      ws.send(JSON.stringify({ jsonrpc: "2.0", method: "subscribe", id: "cometdesk-newblock", params: { query } }));
      if (options.consensus !== false) for (const [id, query] of Object.entries(CONSENSUS_QUERIES)) ws.send(JSON.stringify({ jsonrpc: "2.0", method: "subscribe", id, params: { query } }));
      setState("live", headersOnly ? `a NewBlock frame was over ${frameLimit(maxFrame)}: following block headers instead until ${new Date(headersOnlyUntil).toISOString().slice(11, 16)} UTC` : null);
      if (headersOnly) {
        // Whole blocks again once the time is up, on a new socket.
        clearTimeout(wholeBlocksTimer);
        wholeBlocksTimer = setTimeout(() => {
          if (socket !== ws || gen !== generation) return;
          drop(ws);
          connect(gen);
        }, Math.max(0, headersOnlyUntil - Date.now())).unref();
      }
    });
    ws.on("message", (data) => {
      const text = data.toString();
      if (headersOnly) {
        const height = headerHeight(text);
        if (height !== undefined) return void catchUp(height, gen);
      }
      const frame = newBlockFrame(text);
      if (frame !== undefined) {
        if (source && gen === generation) {
          commits.add(source.networkId, frame);
          const readResults = source.txResults;
          options.onBlockTxs?.(source.networkId, () => frame.txs(readResults));
        }
        return void catchUp(frame.height, gen);
      }
      const tick = consensusTick(text);
      if (tick && source && gen === generation) consensus.push({ networkId: source.networkId, ...tick });
    });
    const fallBack = (why: string) => {
      if (socket !== ws || gen !== generation) return;
      drop(ws);
      socketWhy = socketWords(why, options.pollIntervalMs());
      // Polling is what follows the node now, but only a poll's answer says the node is there:
      // before one (connecting) or after a failed one (offline), the state stays, and an
      // outage's own reason is not replaced by the websocket's.
      if (state === "live" || state === "polling" || (state === "connecting" && answered)) setState("polling", socketWhy);
      else if (state === "connecting") setState("connecting", socketWhy);
      reconnectTimer = setTimeout(() => connect(gen), options.reconnectMs ?? 10_000).unref();
    };
    ws.on("error", (e: Error & { code?: string }) => {
      if (e.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" && !headersOnly && socket === ws && gen === generation) {
        // The block was too large for one frame: follow headers at once, and try whole blocks
        // again later (a busy hour passes); the height itself is fetched by height either way.
        headersOnlyUntil = Date.now() + (options.headersOnlyMs ?? HEADERS_ONLY_MS);
        drop(ws);
        return connect(gen);
      }
      fallBack(e.message);
    });
    ws.on("close", () => fallBack("closed"));
  }

  return {
    /** Follows `next` (the selected network); the last height is kept when it is the same network. */
    start(next: BlockFeedSource): void {
      this.stop();
      if (source?.networkId !== next.networkId) {
        last = undefined;
        headersOnlyUntil = 0;
      }
      source = next;
      socketWhy = null;
      catchUpFailure = undefined;
      answered = false;
      const gen = ++generation;
      setState("connecting", null);
      connect(gen);
      void poll(gen);
    },
    stop(): void {
      generation++;
      consensus.stop();
      clearTimeout(pollTimer);
      clearTimeout(reconnectTimer);
      clearTimeout(wholeBlocksTimer);
      if (socket) drop(socket);
      setState("idle", null);
    },
    /** Who signed `height` on `networkId`, when a NewBlock frame carried it (the websocket is live); otherwise undefined. */
    commitOf: (networkId: string, height: bigint) => commits.get(networkId, height),
    /** The evidence block `height` carried, when its NewBlock frame was seen. */
    evidenceOf: (networkId: string, height: bigint) => commits.evidence(networkId, height),
    status: () => ({ networkId: source?.networkId ?? "", endpoint: source?.websocketUrl ?? null, state, lastHeight: last === undefined ? null : String(last), reason }),
  };
}

export type BlockFeed = ReturnType<typeof createBlockFeed>;
