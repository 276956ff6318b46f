import { describe, expect, it, vi } from "vitest";
import { createThrottle } from "./throttle.js";

describe("the throttle", () => {
  it("throttles a burst to the first value at once and the last one at the window's end", () => {
    vi.useFakeTimers();
    try {
      const seen: number[] = [];
      const t = createThrottle<number>((v) => seen.push(v), 30);
      for (let i = 1; i <= 10; i++) t.push(i);
      expect(seen).toEqual([1]);
      vi.advanceTimersByTime(30);
      expect(seen).toEqual([1, 10]);
      t.push(11);
      t.stop();
      vi.advanceTimersByTime(100); // nothing arrives after stop
      expect(seen).toEqual([1, 10]);
    } finally {
      vi.useRealTimers();
    }
  });
});
