import { describe, expect, it } from "vitest";
import { median, medianOf, quantile, summarize } from "./stats.js";

describe("quantile", () => {
  it("takes the nearest rank, whatever the input order", () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(quantile(values, 0.5)).toBe(5);
    expect(quantile(values, 0.95)).toBe(10);
    expect(quantile(values, 0.1)).toBe(1);
    expect(quantile(values, 0)).toBe(1);
    expect(quantile(values, 1)).toBe(10);
  });

  it("finds the one slow frame among a hundred at p99 but not at p95", () => {
    const frames = [...Array.from({ length: 99 }, () => 16.7), 120];
    expect(quantile(frames, 0.95)).toBe(16.7);
    expect(quantile(frames, 0.995)).toBe(120);
  });

  it("answers NaN for no samples rather than a made-up figure", () => {
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([])).toBeNaN();
  });
});

describe("median", () => {
  it("takes the middle of an odd count and the mean of the two middles of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("does not reorder the caller's array", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("summarize and medianOf", () => {
  it("summarises one run and takes each figure's median over runs", () => {
    const s = summarize([1, 2, 3, 4]);
    expect(s).toMatchObject({ count: 4, p50: 2, max: 4, mean: 2.5 });
    const runs = [{ a: 1, b: 10 }, { a: 3, b: 30 }, { a: 2, b: 99 }];
    expect(medianOf(runs, ["a", "b"])).toEqual({ a: 2, b: 30 });
  });
});
