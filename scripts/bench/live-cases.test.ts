import { describe, expect, it } from "vitest";
import { transferPaths, type TxRowNote } from "./live-cases.js";

const row = (listed: number, listedAs: string, dom: number, frame = dom + 5): TxRowNote => ({ listed, listedAs, dom, frame });

describe("transferPaths", () => {
  it("counts a row listed before its commit as changed in place, and one first listed committed as arrived", () => {
    const announced = new Map([["A", 1_000], ["B", 2_000]]);
    const paths = transferPaths(["A", "B"], announced, {
      A: row(900, "broadcast", 1_010),
      B: row(2_020, "committed", 2_020),
    });
    expect(paths.inPlace).toEqual([{ dom: 10, frame: 15, listedAs: "broadcast" }]);
    expect(paths.arrived).toEqual([{ dom: 20, frame: 25, listedAs: "committed" }]);
    expect(paths.missed).toEqual([]);
  });

  it("misses a transfer the node never announced, or whose committed row never painted", () => {
    const announced = new Map([["A", 1_000], ["C", 3_000]]);
    const paths = transferPaths(["A", "B", "C"], announced, {
      A: row(900, "queued", 0, 0),
      B: row(1_900, "broadcast", 2_010),
    });
    expect(paths.missed).toEqual(["A", "B", "C"]);
    expect(paths.inPlace).toEqual([]);
    expect(paths.arrived).toEqual([]);
  });

  it("counts a row first seen committed as arrived, though its listing was noted a moment before its commit", () => {
    // The page's script notes the listing, then the committed status, of the same element in one pass.
    const paths = transferPaths(["A"], new Map([["A", 1_000]]), { A: row(1_010, "committed", 1_010.02) });
    expect(paths.inPlace).toEqual([]);
    expect(paths.arrived).toHaveLength(1);
  });
});
