import { describe, expect, it } from "vitest";
import { createSigningRecord } from "./signing-record.js";

const A = "A".repeat(40);
const B = "B".repeat(40);
const set = (powerA = "10") => [{ address: A, votingPower: powerA }, { address: B, votingPower: "5" }];

describe("the signing record", () => {
  it("counts signed and missed blocks, the current and longest miss streaks, and the missed heights", () => {
    const r = createSigningRecord(100);
    // A signs 1-3, misses 4-6, signs 7, misses 8-9.
    const aSigned = [true, true, true, false, false, false, true, false, false];
    aSigned.forEach((signed, i) => r.observe({ height: BigInt(i + 1), set: set(), signed: [signed, true] }));
    expect(r.get(A)).toMatchObject({ seen: 9, signed: 4, missed: 5, currentMissStreak: 2, longestMissStreak: 3, missedHeights: ["4", "5", "6", "8", "9"] });
    expect(r.get(B)).toMatchObject({ seen: 9, signed: 9, missed: 0, longestMissStreak: 0 });
    expect(r.missedOfLast(A, 3)).toBe(2);
    expect(r.missedOfLast(A, 9)).toBe(5);
    expect(r.uptime(A)).toBeCloseTo(4 / 9);
    expect(r.uptime(B)).toBe(1);
  });

  it("keeps only the last `window` blocks in the uptime, and ignores a height seen before", () => {
    const r = createSigningRecord(4);
    for (let h = 1; h <= 4; h++) r.observe({ height: BigInt(h), set: set(), signed: [false, true] });
    for (let h = 5; h <= 8; h++) r.observe({ height: BigInt(h), set: set(), signed: [true, true] });
    r.observe({ height: 8n, set: set(), signed: [false, false] }); // a repeat: not counted again
    expect(r.uptime(A)).toBe(1);
    expect(r.missedOfLast(A, 10)).toBe(0);
    expect(r.get(A)).toMatchObject({ seen: 8, missed: 4 });
  });

  it("records voting power changes with their height, and proposals", () => {
    const r = createSigningRecord(10);
    r.observe({ height: 1n, set: set("10"), signed: [true, true] });
    r.observe({ height: 2n, set: set("12"), signed: [true, true] });
    r.proposed(A);
    r.proposed(A);
    expect(r.get(A)).toMatchObject({ votingPower: "12", powerChanges: [{ height: "2", from: "10", to: "12" }], proposed: 2 });
  });

  it("ends a validator's miss streak when it leaves the set", () => {
    const r = createSigningRecord(10);
    r.observe({ height: 1n, set: set(), signed: [false, true] });
    r.observe({ height: 2n, set: [{ address: B, votingPower: "5" }], signed: [true] });
    expect(r.get(A)?.currentMissStreak).toBe(0);
    expect(r.get(A)?.longestMissStreak).toBe(1);
  });

  it("drops the record of a validator out of the set for a whole window, unless it is watched", () => {
    const watched = new Set<string>();
    const r = createSigningRecord(4, (address) => watched.has(address));
    const onlyA = [{ address: A, votingPower: "10" }];
    for (let h = 1; h <= 2; h++) r.observe({ height: BigInt(h), set: set(), signed: [true, false] });
    for (let h = 3; h <= 6; h++) r.observe({ height: BigInt(h), set: onlyA, signed: [true] });
    expect(r.get(B)).toMatchObject({ seen: 2, missed: 2, currentMissStreak: 0 }); // out for 4 blocks: kept
    r.observe({ height: 7n, set: onlyA, signed: [true] });
    expect(r.get(B)).toBeUndefined(); // out for more than the window
    expect(r.get(A)).toMatchObject({ seen: 7 });
    // A watched validator's record stays however long it is out.
    watched.add(A);
    for (let h = 8; h <= 20; h++) r.observe({ height: BigInt(h), set: [{ address: B, votingPower: "5" }], signed: [true] });
    expect(r.get(A)).toMatchObject({ seen: 7 });
    expect(r.get(B)).toMatchObject({ seen: 13 });
  });
});

describe("the signing record kept across a restart", () => {
  it("carries on from its snapshot exactly as if it had never stopped, keeping only the validators asked for", () => {
    const whole = createSigningRecord(8);
    const before = createSigningRecord(8);
    const pattern = (h: number) => [h % 3 !== 0, h !== 5];
    for (let h = 1; h <= 11; h++) {
      whole.observe({ height: BigInt(h), set: set(), signed: pattern(h) });
      before.observe({ height: BigInt(h), set: set(), signed: pattern(h) });
    }
    whole.proposed(A);
    before.proposed(A);
    const data = JSON.parse(JSON.stringify(before.snapshot((address) => address === A))) as ReturnType<typeof before.snapshot>;
    expect(Object.keys(data.validators)).toEqual([A]);
    const after = createSigningRecord(8, () => false, data);
    expect(after.lastHeight()).toBe(11n);
    after.observe({ height: 11n, set: set(), signed: [false, false] }); // the last block done, read again after a kill: not counted twice
    for (let h = 12; h <= 20; h++) {
      whole.observe({ height: BigInt(h), set: set(), signed: pattern(h) });
      after.observe({ height: BigInt(h), set: set(), signed: pattern(h) });
    }
    const { recent: _w, cursor: _wc, ...wholeA } = whole.get(A)!;
    const { recent: _a, cursor: _ac, ...afterA } = after.get(A)!;
    expect(afterA).toEqual(wholeA);
    for (const n of [1, 3, 8, 20]) expect(after.missedOfLast(A, n)).toBe(whole.missedOfLast(A, n));
    expect(after.uptime(A)).toBe(whole.uptime(A));
    // A snapshot of another window is not used: its slots would mean other blocks.
    expect(createSigningRecord(16, () => false, data).get(A)).toBeUndefined();
  });
});
