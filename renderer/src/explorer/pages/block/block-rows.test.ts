import { describe, expect, it } from "vitest";
import { type BlockRow, mergeRows } from "./block-rows.js";

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
