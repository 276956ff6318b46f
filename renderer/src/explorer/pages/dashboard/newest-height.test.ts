import { describe, expect, it } from "vitest";
import { newestHeight } from "./newest-height.js";

describe("newestHeight", () => {
  it("takes the live feed's height when it is ahead of the fetched block", () => {
    expect(newestHeight("41", "42")).toBe("42");
    expect(newestHeight("43", "42")).toBe("43");
  });

  it("compares as numbers, past 2^53, and skips what is missing or not a height", () => {
    expect(newestHeight("9", "10")).toBe("10");
    expect(newestHeight("9007199254740993", "9007199254740992")).toBe("9007199254740993");
    expect(newestHeight(undefined, null, "x", "7")).toBe("7");
    expect(newestHeight(undefined, null)).toBeUndefined();
  });
});
