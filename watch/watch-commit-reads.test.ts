import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Network } from "../shared/contract/network.js";
import { ERROR_CODES } from "../shared/error-codes.js";
import { createEventHub } from "../shared/event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { openAlertHistory } from "./alert-history.js";
import { createWatch, type WatchChain } from "./watch-service.js";
import { openWatchStore } from "./watch-store.js";

// Misses are never invented: a commit the node would not give (rate-limited past the wait, or no
// answer) is asked again, then let go as unknown; it is never counted as a block missed.
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const A = "AA".repeat(20);
const B = "BB".repeat(20);
const network = { id: "public", name: "Public", chainId: "public-1", accessUrl: null, rpcUrls: [], bech32Prefix: "cosmos", denoms: [], defaultDenom: "stake", rpcVia: "direct", source: "user" } as unknown as Network;
const announced = (h: number) => ({ networkId: network.id, height: String(h), hash: "EF".repeat(32), time: new Date(Date.UTC(2026, 11, 7, 0, 0, h)).toISOString(), numTxs: 0, proposerAddress: A });
const rateLimited = () => Object.assign(new Error("every node of this network is rate-limiting: next try in 30 s"), { code: ERROR_CODES.rpcRateLimited });

/** A watch of two validators, both on its watch list, whose node answers each commit read as `commit(height, attempt)` says. */
function watchOf(commit: (height: number, attempt: number) => "signed" | "A absent" | "short" | "refused", extra: { evidenceFromFeed?: (networkId: string, height: bigint) => [] | undefined } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-watch-commits-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const attempts = new Map<number, number>();
  const blockReads: number[] = [];
  const chain: WatchChain = {
    abciQuery: async () => {
      throw new Error("no x/slashing here");
    },
    validators: async () => ({ total: 2, validators: [{ address: A, votingPower: "10" }, { address: B, votingPower: "10" }] }),
    commit: async ({ height }) => {
      const h = Number(height);
      const attempt = (attempts.get(h) ?? 0) + 1;
      attempts.set(h, attempt);
      const answer = commit(h, attempt);
      if (answer === "refused") throw rateLimited();
      const signatures = [{ blockIdFlag: answer === "A absent" ? 1 : 2, validatorAddress: answer === "A absent" ? "" : A }, { blockIdFlag: 2, validatorAddress: B }];
      return { header: { validatorsHash: "CD".repeat(32) }, commit: { signatures: answer === "short" ? signatures.slice(1, 2).map((s) => ({ ...s, validatorAddress: "" })) : signatures } };
    },
    block: async ({ height }) => {
      blockReads.push(Number(height));
      return { evidence: [] };
    },
  };
  const events = createEventHub();
  const problems = createProblemLog();
  const store = openWatchStore(dir, problems);
  store.update(network.id, (c) => ({ ...c, validators: [A, B].map((address) => ({ address, ref: address, label: "" })) }));
  const watch = createWatch({
    events,
    store,
    history: openAlertHistory(dir, problems),
    chain: () => chain,
    commitFromFeed: () => undefined,
    ...extra,
    nodeClient: () => {
      throw new Error("no node is probed here");
    },
    probeIntervalMs: 600_000,
    stallCheckMs: 600_000,
    slashingEveryBlocks: 1_000,
    chainEveryBlocks: 1_000,
  });
  cleanups.push(() => watch.stop());
  watch.follow(network);
  return {
    attempts,
    blockReads,
    /** Announces blocks `from`..`to` one at a time, each read before the next. */
    follow: async (from: number, to: number) => {
      for (let h = from; h <= to; h++) {
        events.emit("chain.newBlock", announced(h));
        await watch.idle();
      }
      return watch.status(network.id);
    },
  };
}

const row = (s: { validators: ReadonlyArray<{ address: string; seen: number; signed: number; missed: number; missedHeights: readonly string[] }> }, address: string) => {
  const v = s.validators.find((x) => x.address === address)!;
  return { seen: v.seen, signed: v.signed, missed: v.missed, missedHeights: v.missedHeights };
};

describe("the watch's count of missed blocks", () => {
  it("asks again for a commit the node refused, with the next block, and counts it once read", async () => {
    const w = watchOf((h, attempt) => (h === 3 && attempt === 1 ? "refused" : "signed"));
    const s = await w.follow(2, 6); // commits 1..5
    expect(w.attempts.get(3)).toBe(2);
    expect(row(s, A)).toEqual({ seen: 5, signed: 5, missed: 0, missedHeights: [] });
    expect(s.skippedBlocks).toBe(0);
  });

  it("lets a commit refused twice go as unknown: counted with the skipped blocks, never as missed", async () => {
    const w = watchOf((h) => (h === 3 ? "refused" : "signed"));
    const s = await w.follow(2, 6);
    expect(row(s, A)).toEqual({ seen: 4, signed: 4, missed: 0, missedHeights: [] });
    expect(row(s, B)).toEqual({ seen: 4, signed: 4, missed: 0, missedHeights: [] });
    expect(s.skippedBlocks).toBe(1);
  });

  it("counts nothing from a commit that does not list the whole set, rather than a miss for each member it leaves out", async () => {
    const w = watchOf((h) => (h === 4 ? "short" : "signed"));
    const s = await w.follow(2, 6);
    expect(row(s, A)).toEqual({ seen: 4, signed: 4, missed: 0, missedHeights: [] });
    expect(row(s, B)).toEqual({ seen: 4, signed: 4, missed: 0, missedHeights: [] });
    expect(s.skippedBlocks).toBe(1);
  });

  it("still counts a miss the commit says: a validator absent from a commit it was read in", async () => {
    const w = watchOf((h) => (h === 4 ? "A absent" : "signed"));
    const s = await w.follow(2, 6);
    expect(row(s, A)).toEqual({ seen: 5, signed: 4, missed: 1, missedHeights: ["4"] });
    expect(row(s, B)).toEqual({ seen: 5, signed: 5, missed: 0, missedHeights: [] });
  });

  it("reads no block for its evidence when the block's own frame carried it, and still reads one whose frame it never saw", async () => {
    const w = watchOf(() => "signed", { evidenceFromFeed: (_id, height) => (height === 4n ? undefined : []) });
    await w.follow(2, 6);
    expect(w.blockReads).toEqual([4]);
  });
});
