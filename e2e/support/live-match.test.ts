import { describe, expect, it } from "vitest";
import { matchLive } from "./live-match.js";

const times = (entries: Array<[number, number]>) => new Map(entries.map(([h, t]) => [String(h), t]));

describe("matchLive", () => {
  it("gives each shown block's delay after the node's event, from the page's first height on", () => {
    const m = matchLive(times([[9, 900], [10, 1000], [11, 1500], [12, 2000]]), times([[10, 1020], [11, 1517], [12, 2016]]), 12n);
    // Height 10 was the page's first: blocks before or at it predate the page and are not compared.
    expect(m).toEqual({ delays: [17, 16], skipped: [], compared: 2 });
  });

  it("names the blocks the page jumped past and leaves out those announced after the end", () => {
    const m = matchLive(times([[10, 1000], [11, 1500], [12, 2000], [13, 2500], [14, 3000]]), times([[10, 1010], [12, 2030]]), 13n);
    expect(m.skipped).toEqual([11n, 13n]);
    expect(m.delays).toEqual([30]);
    expect(m.compared).toBe(3);
  });

  it("counts every announced block as skipped when the page showed none", () => {
    expect(matchLive(times([[1, 1], [2, 2]]), new Map(), 2n)).toEqual({ delays: [], skipped: [1n, 2n], compared: 0 });
  });
});
