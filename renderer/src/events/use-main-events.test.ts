import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCometdeskApi } from "../../../shared/api.js";
import type { ResultOf } from "../../../shared/contract/index.js";
import { Tx } from "../../../shared/contract/tx.js";
import type { EventName } from "../../../shared/events.js";
import { explorerKeys } from "../queries/explorer-keys.js";
import { txKeys } from "../queries/tx-queries.js";
import { networkKeys } from "../queries/network-queries.js";
import { createRateLimitWaits } from "../api/rate-limit-wait.js";
import { CONSENSUS_REFETCH_MS, subscribeAll } from "./use-main-events.js";

type TxPages = InfiniteData<ResultOf<"tx.list">, unknown>;

const SENT = "a".repeat(64);
const OTHER = "b".repeat(64);
const row = (txHash: string, status: Tx["status"]): Tx => Tx.parse({ txHash, from: "cosmos1from", to: "cosmos1to", amount: "5stake", status });
const pages = (...transactions: Tx[]): TxPages => ({ pages: [{ transactions }], pageParams: [undefined] });

/**
 * The real api object over a transport that answers every call with an error (the events are what
 * is tested; `invalidateQueries` refetches nothing here, since no component observes the lists),
 * and events fired by the test through the api's own payload checks.
 */
function harness(waits = createRateLimitWaits()) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = createCometdeskApi(
    () => Promise.resolve({ ok: false, error: { code: "unavailable", message: "no main process in this test" } }),
    (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => set.delete(listener);
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const stop = subscribeAll(api, client, waits);
  const emit = (event: EventName, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload));
  return { client, emit, stop };
}

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
});

describe("main's tx.statusChanged in the renderer's cache", () => {
  it("sets a listed row's status at once, in every list of that network that holds it", () => {
    const h = harness();
    stops.push(h.stop);
    const all = txKeys.list("devnet", { pageSize: 50 });
    const broadcastOnly = txKeys.list("devnet", { status: "broadcast", pageSize: 50 });
    h.client.setQueryData(all, pages(row(OTHER, "committed"), row(SENT, "broadcast")));
    h.client.setQueryData(broadcastOnly, pages(row(SENT, "broadcast")));
    h.emit("tx.statusChanged", { networkId: "devnet", txHash: SENT, status: "committed", previous: "broadcast" });
    expect(h.client.getQueryData<TxPages>(all)!.pages[0]!.transactions.map((t) => [t.txHash, t.status])).toEqual([[OTHER, "committed"], [SENT, "committed"]]);
    expect(h.client.getQueryData<TxPages>(broadcastOnly)!.pages[0]!.transactions[0]!.status).toBe("committed");
  });

  it("leaves other networks, other rows, and a list showing an error as they were", async () => {
    const h = harness();
    stops.push(h.stop);
    const other = txKeys.list("elsewhere", { pageSize: 50 });
    const before = pages(row(SENT, "broadcast"));
    h.client.setQueryData(other, before);
    const failing = txKeys.list("devnet", { status: "failed", pageSize: 50 });
    const unrelated = txKeys.list("devnet", { address: "cosmos1other", pageSize: 50 });
    const unrelatedBefore = pages(row(OTHER, "broadcast"));
    h.client.setQueryData(unrelated, unrelatedBefore);
    // A list whose last fetch failed keeps its error on screen: setting its data would clear it.
    h.client.setQueryData(failing, pages(row(SENT, "broadcast")));
    await h.client.fetchQuery({ queryKey: failing, queryFn: () => Promise.reject(new Error("the service cannot reach its node")), staleTime: 0 }).catch(() => undefined);
    expect(h.client.getQueryState(failing)?.status).toBe("error");
    h.emit("tx.statusChanged", { networkId: "devnet", txHash: SENT, status: "committed", previous: "broadcast" });
    expect(h.client.getQueryData(other)).toBe(before);
    expect(h.client.getQueryData(unrelated)).toBe(unrelatedBefore);
    expect(h.client.getQueryState(failing)?.status).toBe("error");
    expect(h.client.getQueryData<TxPages>(failing)!.pages[0]!.transactions[0]!.status).toBe("broadcast");
  });

  it("ignores an event whose payload breaks the contract", () => {
    const h = harness();
    stops.push(h.stop);
    const all = txKeys.list("devnet", { pageSize: 50 });
    const before = pages(row(SENT, "broadcast"));
    h.client.setQueryData(all, before);
    h.emit("tx.statusChanged", { networkId: "devnet", txHash: "not-a-hash", status: "committed", previous: "broadcast" });
    h.emit("tx.statusChanged", { networkId: "devnet", txHash: SENT, status: "teleported", previous: "broadcast" });
    expect(h.client.getQueryData(all)).toBe(before);
  });
});

describe("main's chain.newBlock in the renderer's cache", () => {
  const blockEvent = (h: number, numTxs = 0) => ({ networkId: "devnet", height: String(h), hash: "AB".repeat(32), time: "2026-11-26T00:00:00Z", numTxs, proposerAddress: "CD".repeat(20) });
  it("refetches what is on screen at the first block at once, and once per quarter second through a burst of blocks", async () => {
    const h = harness();
    stops.push(h.stop);
    let reads = 0;
    const { QueryObserver } = await import("@tanstack/react-query");
    const observer = new QueryObserver(h.client, { queryKey: [...explorerKeys.live("devnet"), "status"], queryFn: async () => ++reads });
    stops.push(observer.subscribe(() => {}));
    await expect.poll(() => reads).toBe(1);
    h.emit("chain.newBlock", blockEvent(100));
    expect(reads).toBe(2); // no wait for the first block of a quiet spell
    // A node caught up after the computer slept: 300 heights arrive at once.
    for (let height = 101; height <= 400; height++) h.emit("chain.newBlock", blockEvent(height, 1));
    await new Promise((r) => setTimeout(r, 600));
    expect(reads).toBeLessThanOrEqual(5);
    expect(reads).toBeGreaterThanOrEqual(3); // the burst's last block is read after it
    expect(h.client.getQueryData(explorerKeys.announced("devnet"))).toMatchObject({ height: "400" });
  });
});

describe("the head's reads that need not follow every block", () => {
  const blockEvent = (h: number, validatorsHash?: string) => ({ networkId: "devnet", height: String(h), hash: "AB".repeat(32), time: "2026-11-26T00:00:00Z", numTxs: 0, proposerAddress: "CD".repeat(20), ...(validatorsHash ? { validatorsHash } : {}) });
  afterEach(() => void vi.useRealTimers());

  /** An observed query (as a page on screen has it) under `queryKey`, and how often it was read. */
  async function observed(h: ReturnType<typeof harness>, queryKey: readonly unknown[]) {
    const { QueryObserver } = await import("@tanstack/react-query");
    const counter = { reads: 0 };
    const observer = new QueryObserver(h.client, { queryKey, queryFn: async () => ++counter.reads });
    stops.push(observer.subscribe(() => {}));
    await vi.advanceTimersByTimeAsync(0);
    return counter;
  }

  it("reads the round state once a second through a stream of votes, the last after its window, and not again on a block", async () => {
    vi.useFakeTimers();
    const h = harness();
    stops.push(h.stop);
    const round = await observed(h, explorerKeys.roundState("devnet"));
    expect(round.reads).toBe(1);
    // Every vote and step of a round, at once: one read now, not one each.
    for (let i = 0; i < 12; i++) h.emit("chain.consensusChanged", { networkId: "devnet", height: "100", round: 0, cause: i % 3 ? "vote" : "step" });
    await vi.advanceTimersByTimeAsync(0);
    expect(round.reads).toBe(2);
    // A block comes with its own round step: it does not read the round state a second time.
    h.emit("chain.newBlock", blockEvent(101));
    await vi.advanceTimersByTimeAsync(CONSENSUS_REFETCH_MS - 1);
    expect(round.reads).toBe(2);
    // The window ends: the burst's last change is read, so the page shows where the round settled.
    await vi.advanceTimersByTimeAsync(1);
    expect(round.reads).toBe(3);
  });

  it("reads the validator set and its monikers again when a block's validators hash changes, not on every block", async () => {
    vi.useFakeTimers();
    const h = harness();
    stops.push(h.stop);
    const set = await observed(h, explorerKeys.validatorHead("devnet", "set"));
    const monikers = await observed(h, explorerKeys.validatorHead("devnet", "monikers"));
    for (let height = 100; height < 110; height++) {
      h.emit("chain.newBlock", blockEvent(height, "AA".repeat(32)));
      await vi.advanceTimersByTimeAsync(500);
    }
    h.emit("chain.newBlock", blockEvent(110)); // a source that does not say the hash: no change known
    await vi.advanceTimersByTimeAsync(500);
    expect([set.reads, monikers.reads]).toEqual([1, 1]);
    h.emit("chain.newBlock", blockEvent(111, "BB".repeat(32)));
    await vi.advanceTimersByTimeAsync(0);
    expect([set.reads, monikers.reads]).toEqual([2, 2]);
  });
});

describe("main's network.changed in the renderer's cache", () => {
  it("marks the network list stale, so the pages read the chain's facts main saved", () => {
    const h = harness();
    stops.push(h.stop);
    h.client.setQueryData(networkKeys.list(), { networks: [], selectedId: "devnet" });
    expect(h.client.getQueryState(networkKeys.list())?.isInvalidated).toBe(false);
    h.emit("network.changed", { networkId: "devnet" });
    expect(h.client.getQueryState(networkKeys.list())?.isInvalidated).toBe(true);
  });
});

describe("main's network.rateLimitWait in the renderer", () => {
  it("tells the loading lines of a user's read that waits, and not of a background one", () => {
    const waits = createRateLimitWaits();
    const h = harness(waits);
    stops.push(h.stop);
    h.emit("network.rateLimitWait", { endpoint: "https://rpc.example", priority: "background", seconds: 9, cause: "rate" });
    expect(waits.until()).toBe(0);
    const before = Date.now();
    h.emit("network.rateLimitWait", { endpoint: "https://rpc.example", priority: "user", seconds: 2, cause: "retry_after" });
    expect(waits.until()).toBeGreaterThanOrEqual(before + 2_000);
    expect(waits.until()).toBeLessThanOrEqual(Date.now() + 2_000);
  });
});
