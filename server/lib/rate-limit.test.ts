import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.js";

describe("RateLimiter", () => {
  it("allows the burst, then one request per 1/rate seconds, per key", () => {
    const limiter = new RateLimiter(2, 3);
    const t = 1_000_000;
    expect([0, 1, 2, 3].map(() => limiter.take("a", t))).toEqual([0, 0, 0, 1]);
    expect(limiter.take("b", t)).toBe(0);
    expect(limiter.take("a", t + 500)).toBe(0);
    expect(limiter.take("a", t + 500)).toBe(1);
  });
});
