import { describe, expect, it } from "vitest";
import { chartPoints, niceMax } from "./chart-model.js";

describe("chartPoints", () => {
  it("gives each block its interval since the parent, oldest first, skipping gaps", () => {
    const metas = [
      { height: "12", time: "2026-01-01T00:00:01.500Z", numTxs: 2 },
      { height: "10", time: "2026-01-01T00:00:00.000Z", numTxs: 0 },
      { height: "11", time: "2026-01-01T00:00:00.600Z", numTxs: 1 },
      { height: "14", time: "2026-01-01T00:00:09.000Z", numTxs: 0 },
    ];
    expect(chartPoints(metas)).toEqual([
      { height: "11", intervalMs: 600, txs: 1 },
      { height: "12", intervalMs: 900, txs: 2 },
    ]);
  });
});

describe("niceMax", () => {
  it("rounds up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(612)).toBe(1000);
    expect(niceMax(150)).toBe(200);
  });
});
