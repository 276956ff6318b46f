import { describe, expect, it } from "vitest";
import { dashboardHeight, newestHeight } from "./chain-height.js";

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

describe("dashboardHeight", () => {
  it("shows a following feed's height before the node has answered", () => {
    expect(dashboardHeight({ feed: { state: "live", lastHeight: "120" } })).toBe("120");
    expect(dashboardHeight({ feed: { state: "polling", lastHeight: "120" } })).toBe("120");
  });

  it("waits for the node while the feed is offline, idle or still connecting: its last height may be long past", () => {
    for (const state of ["offline", "idle", "connecting"] as const) {
      expect(dashboardHeight({ feed: { state, lastHeight: "120" } })).toBeUndefined();
      // Once the node has answered, the newest of the three stands, whatever the feed's state.
      expect(dashboardHeight({ feed: { state, lastHeight: "120" }, status: "118" })).toBe("120");
      expect(dashboardHeight({ feed: { state, lastHeight: "90" }, status: "118", block: "117" })).toBe("118");
    }
    expect(dashboardHeight({ block: "117", feed: { state: "offline", lastHeight: "90" } })).toBe("117");
  });

  it("has nothing to show before any height is known", () => {
    expect(dashboardHeight({})).toBeUndefined();
    expect(dashboardHeight({ feed: { state: "live", lastHeight: null } })).toBeUndefined();
  });
});
