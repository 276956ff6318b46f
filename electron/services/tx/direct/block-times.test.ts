import { describe, expect, it } from "vitest";
import type { Tx } from "../../../../shared/contract/tx.js";
import { type BlockchainRead, createBlockTimes } from "./block-times.js";
import { mergeByTime } from "./direct-history.js";

/** A node's `blockchain` over heights 1..tip, each block made at second `height` of the day; it records what was asked. */
function node(tip: number, broken: (min: number) => boolean = () => false) {
  const asked: string[] = [];
  const read: BlockchainRead = async ({ minHeight, maxHeight }) => {
    asked.push(`${minHeight}-${maxHeight}`);
    if (broken(Number(minHeight))) throw new Error("connect ECONNREFUSED");
    const metas = [];
    for (let h = Math.min(Number(maxHeight), tip); h >= Number(minHeight); h--) metas.push({ header: { height: String(h), time: timeOf(h) } });
    return { blockMetas: metas };
  };
  return { read, asked };
}
const timeOf = (h: number) => new Date(Date.UTC(2026, 10, 25, 0, 0, h)).toISOString();

describe("block times for the heights tx_search gives", () => {
  it("asks one call per span of 20 heights, highest first, and keeps what it read", async () => {
    const { read, asked } = node(1_000);
    const times = createBlockTimes(read);
    const got = await times(["100", "95", "81", "80", "40", "3", "100"]);
    expect(asked).toEqual(["81-100", "61-80", "21-40", "1-3"]);
    expect(Object.fromEntries(got)).toEqual({ 100: timeOf(100), 95: timeOf(95), 81: timeOf(81), 80: timeOf(80), 40: timeOf(40), 3: timeOf(3) });
    // The same heights again, and one inside a span already read: no call at all.
    asked.length = 0;
    expect((await times(["95", "99", "3"])).get("99")).toBe(timeOf(99));
    expect(asked).toEqual([]);
  });

  it("leaves out a span no node gives, and the heights of others stand", async () => {
    const { read } = node(1_000, (min) => min === 61);
    const got = await createBlockTimes(read)(["100", "80"]);
    expect([...got.keys()]).toEqual(["100"]);
  });

  it("does not trust blocks outside what it asked for, nor heights that are not heights", async () => {
    const asked: string[] = [];
    const lying: BlockchainRead = async ({ minHeight, maxHeight }) => {
      asked.push(`${minHeight}-${maxHeight}`);
      return { blockMetas: [{ header: { height: "500", time: timeOf(1) } }, { header: { height: "10", time: timeOf(10) } }] };
    };
    const times = createBlockTimes(lying);
    const got = await times(["10", "500x", "0", "-4", "", "99999999999999999999"]);
    expect(asked).toEqual(["1-10"]);
    expect(Object.fromEntries(got)).toEqual({ 10: timeOf(10) });
    // 500 was not kept either: asked for, it is read.
    await times(["500"]);
    expect(asked).toEqual(["1-10", "481-500"]);
  });

  it("keeps no more heights than it is told to", async () => {
    const { read, asked } = node(1_000);
    const times = createBlockTimes(read, 20);
    await times(["40"]);
    await times(["40"]);
    expect(asked).toEqual(["21-40"]);
    await times(["20"]); // 1..20 now fill what is kept
    await times(["40"]); // so 21..40 were let go, and are read again
    expect(asked).toEqual(["21-40", "1-20", "21-40"]);
  });

  it("drops what it kept once a node gives a kept height another time (a local chain started again)", async () => {
    let chain = 0;
    const asked: string[] = [];
    const timeIn = (h: number) => new Date(Date.UTC(2026, 10, 25 + chain, 0, 0, h)).toISOString();
    const read: BlockchainRead = async ({ minHeight, maxHeight }) => {
      asked.push(`${minHeight}-${maxHeight}`);
      const metas = [];
      for (let h = Number(maxHeight); h >= Number(minHeight); h--) metas.push({ header: { height: String(h), time: timeIn(h) } });
      return { blockMetas: metas };
    };
    const times = createBlockTimes(read);
    expect((await times(["40", "30"])).get("30")).toBe(timeIn(30));
    chain = 1; // wiped and started again, same chain id, same node
    const got = await times(["45", "30"]);
    // 45's span covered 30, which came back with another time: the call is read again, and
    // neither row keeps the old chain's time.
    expect(Object.fromEntries(got)).toEqual({ 45: timeIn(45), 30: timeIn(30) });
    expect(asked).toEqual(["21-40", "26-45", "26-45"]);
    // What it keeps now is the new chain's: 22 is read, the rest is not asked again.
    asked.length = 0;
    expect(Object.fromEntries(await times(["45", "30", "22"]))).toEqual({ 45: timeIn(45), 30: timeIn(30), 22: timeIn(22) });
    expect(asked).toEqual(["3-22"]);
  });

  it("takes one block's time written with more digits by another node as the same time", async () => {
    let digits = 3;
    const asked: string[] = [];
    const read: BlockchainRead = async ({ minHeight, maxHeight }) => {
      asked.push(`${minHeight}-${maxHeight}`);
      const metas = [];
      for (let h = Number(maxHeight); h >= Number(minHeight); h--) metas.push({ header: { height: String(h), time: `2026-11-25T00:00:${String(h % 60).padStart(2, "0")}.${"5".padEnd(digits, "0")}Z` } });
      return { blockMetas: metas };
    };
    const times = createBlockTimes(read);
    await times(["40"]);
    digits = 9;
    await times(["45"]);
    asked.length = 0;
    await times(["40", "30"]);
    expect(asked).toEqual([]); // nothing was dropped
  });
});

describe("own sends among the indexed history", () => {
  const row = (txHash: string, at: { time?: string; createdAt?: string }): Tx => ({ txHash, from: "a", to: "b", amount: "1stake", status: "committed", ...at });
  it("lists newest first by block time or by when main signed, and keeps own sends first where no time says otherwise", () => {
    const own = [row("OWN2", { createdAt: timeOf(50) }), row("OWN1", { createdAt: timeOf(20) })];
    const history = [row("H3", { time: timeOf(60) }), row("H2", { time: timeOf(30) }), row("H1", {}), row("H0", { time: timeOf(10) })];
    expect(mergeByTime(own, history).map((t) => t.txHash)).toEqual(["H3", "OWN2", "H2", "OWN1", "H1", "H0"]);
    expect(mergeByTime([row("OWN", {})], history).map((t) => t.txHash)).toEqual(["OWN", "H3", "H2", "H1", "H0"]);
    expect(mergeByTime(own, []).map((t) => t.txHash)).toEqual(["OWN2", "OWN1"]);
  });
});
