import { describe, expect, it } from "vitest";
import { announcedRow, blockEventPhases, type BlockRow, keepHead, mergeRows } from "./block-rows.js";

const row = (h: number): BlockRow => ({ height: String(h), hash: `H${h}`, time: "", numTxs: 0, proposer: "", size: "1" });
const range = (hi: number, lo: number) => Array.from({ length: hi - lo + 1 }, (_, i) => row(hi - i));

describe("mergeRows", () => {
  it("joins the head and older pages newest first, without repeats", () => {
    const { rows, gap } = mergeRows(range(30, 21), range(25, 11));
    expect(rows.map((r) => r.height)).toEqual(range(30, 11).map((r) => r.height));
    expect(gap).toBeUndefined();
  });

  it("orders by number, not text, past a power of ten", () => {
    expect(mergeRows([row(100), row(99)], []).rows.map((r) => r.height)).toEqual(["100", "99"]);
  });

  it("names the heights missing between a head that ran ahead and the older pages", () => {
    expect(mergeRows(range(60, 41), range(20, 1)).gap).toEqual({ from: "21", to: "40" });
  });
});

describe("keepHead", () => {
  it("keeps the blocks the head moved past, so the list does not lose rows it showed", () => {
    const kept = keepHead(keepHead([], range(31, 12)), range(32, 13));
    expect(kept.map((r) => r.height)).toEqual(range(32, 12).map((r) => r.height));
    // With the older pages anchored below the first head (11 and down), nothing is missing.
    const { rows, gap } = mergeRows(kept, range(11, 1));
    expect(rows).toHaveLength(32);
    expect(gap).toBeUndefined();
  });

  it("keeps at most the cap, dropping the oldest", () => {
    expect(keepHead(range(50, 1), range(60, 51), 25).map((r) => r.height)).toEqual(range(60, 36).map((r) => r.height));
  });
});

describe("a block announced by the live feed", () => {
  it("joins the list at once, and the refetched head's full row replaces it", () => {
    const event = announcedRow({ networkId: "n", height: "13", hash: "AB", time: "2026-01-01T00:00:00Z", numTxs: 2, proposerAddress: "CD" });
    const shown = keepHead([event, row(12), row(11)], [row(12), row(11)]);
    expect(shown.map((r) => [r.height, r.size])).toEqual([["13", undefined], ["12", "1"], ["11", "1"]]);
    const refetched = keepHead(shown, [row(13), row(12)]);
    expect(refetched[0]).toEqual(row(13));
  });
});

describe("blockEventPhases", () => {
  const none = { beginBlockEvents: [], finalizeBlockEvents: [], endBlockEvents: [] };
  it("labels a block of CometBFT 0.37 by BeginBlock and EndBlock, and one of 0.38 by FinalizeBlock", () => {
    expect(blockEventPhases({ ...none, beginBlockEvents: ["mint"], endBlockEvents: ["unbond"] })).toEqual([["Begin block", ["mint"]], ["End block", ["unbond"]]]);
    expect(blockEventPhases({ ...none, finalizeBlockEvents: ["mint"] })).toEqual([["Finalize block", ["mint"]]]);
  });

  it("shows one empty list for a block without events of its own", () => {
    expect(blockEventPhases(none)).toEqual([["Block", []]]);
  });
});
