import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Network } from "../shared/contract/network.js";
import { createEventHub } from "../shared/event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { openAlertHistory } from "./alert-history.js";
import { BACKLOG, createWatch, type WatchChain } from "./watch-service.js";
import { openWatchStore } from "./watch-store.js";

// The watch behind a node slower than its chain. The real nodes are in watch.integration.test.ts;
// no devnet node can be made to answer commits slowly on demand, so this one plays that node: its
// commit reads wait until the test lets them go, while blocks are announced.
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const VALIDATOR = "AB".repeat(20);
const network = { id: "slow", name: "Slow", chainId: "slow-1", accessUrl: null, rpcUrls: [], bech32Prefix: "cosmos", denoms: [], defaultDenom: "stake", rpcVia: "direct", source: "user" } as unknown as Network;
const announced = (h: number) => ({ networkId: "slow", height: String(h), hash: "EF".repeat(32), time: new Date(Date.UTC(2026, 10, 26, 0, 0, h)).toISOString(), numTxs: 0, proposerAddress: VALIDATOR });

/** A watch of `network` whose node holds every commit read until `release`; the heights asked are in `commitsRead`. */
function slowWatch() {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-watch-backlog-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const commitsRead: string[] = [];
  const chain: WatchChain = {
    abciQuery: async () => {
      throw new Error("no x/slashing here");
    },
    validators: async () => ({ blockHeight: "1", validators: [{ address: VALIDATOR, pubKey: null, votingPower: "10", proposerPriority: "0" }], count: 1, total: 1 }) as never,
    commit: async ({ height }) => {
      commitsRead.push(height!);
      await gate;
      return { header: { validatorsHash: "CD".repeat(32) }, commit: { signatures: [{ blockIdFlag: 2, validatorAddress: VALIDATOR }] }, canonical: true } as never;
    },
    block: async () => ({ evidence: [] }),
  };
  const events = createEventHub();
  const problems = createProblemLog();
  const watch = createWatch({
    events,
    store: openWatchStore(dir, problems),
    history: openAlertHistory(dir, problems),
    chain: () => chain,
    commitFromFeed: () => undefined,
    nodeClient: () => {
      throw new Error("no node is probed here");
    },
    probeIntervalMs: 60_000,
    stallCheckMs: 60_000,
    slashingEveryBlocks: 1_000,
    chainEveryBlocks: 1_000,
  });
  cleanups.push(() => watch.stop());
  watch.follow(network);
  return { watch, commitsRead, release, announce: (h: number) => events.emit("chain.newBlock", announced(h)) };
}

describe("the watch behind a slow node", () => {
  it("keeps at most its backlog of blocks waiting, reads the newest, and counts the blocks it let go", async () => {
    const { watch, commitsRead, release, announce } = slowWatch();
    for (let h = 2; h <= 201; h++) announce(h);
    // Block 2 is being read; of the 199 announced after it, BACKLOG wait and the rest were let go.
    expect(commitsRead).toEqual(["1"]);
    expect(watch.status("slow").skippedBlocks).toBe(199 - BACKLOG);
    release();
    await watch.idle();
    // The blocks read are the first and the newest BACKLOG, in order, and the watch is at the tip.
    expect(commitsRead).toEqual(["1", ...Array.from({ length: BACKLOG }, (_, i) => String(201 - BACKLOG + i))]);
    const status = watch.status("slow");
    expect(status.height).toBe("201");
    expect(status.set).toMatchObject([{ address: VALIDATOR, seen: BACKLOG + 1, uptime: 1 }]);
    expect(status.skippedBlocks).toBe(199 - BACKLOG);
  });

  it("reads none of the waiting blocks of a network it stops watching", async () => {
    const { watch, commitsRead, release, announce } = slowWatch();
    for (let h = 2; h <= 11; h++) announce(h);
    expect(commitsRead).toEqual(["1"]);
    watch.unfollow("slow");
    release();
    await watch.idle();
    await new Promise((r) => setTimeout(r, 50));
    expect(commitsRead).toEqual(["1"]); // the read under way ended; the nine blocks waiting were dropped
  });
});
