import { describe, expect, it } from "vitest";
import { type BlockRow, keepHead, mergeRows } from "./block-rows.js";

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
