import { describe, expect, it } from "vitest";
import { unsettledProblem } from "./settled.js";

describe("a picture's moment", () => {
  it("is settled when the feed is live, the status bar says nothing more, and every height on screen is one", () => {
    expect(unsettledProblem({ state: "live", notes: [], heights: ["137", "137"] })).toBeUndefined();
    expect(unsettledProblem({ state: "live", notes: [], heights: ["9"] })).toBeUndefined();
  });

  it("is not while the feed polls, with what the status bar says", () => {
    expect(unsettledProblem({ state: "polling", notes: ["the node's websocket was closed (a proxy may drop long connections); following by polling every 2 s"], heights: ["46", "46"] }))
      .toBe("the node's feed is polling, not live (the node's websocket was closed (a proxy may drop long connections); following by polling every 2 s)");
    expect(unsettledProblem({ state: "offline", notes: [], heights: [] })).toBe("the node's feed is offline, not live");
    expect(unsettledProblem({ state: "unknown", notes: [], heights: [] })).toMatch(/unknown, not live/);
  });

  it("is not with a note or an error in the status bar, even live", () => {
    expect(unsettledProblem({ state: "live", notes: ["waiting for the node's rate limit"], heights: ["5"] })).toBe("the status bar says: waiting for the node's rate limit");
  });

  it("is not with two heights on one screen (the dashboard's old picture: 46 beside 137)", () => {
    expect(unsettledProblem({ state: "live", notes: [], heights: ["137", "46"] })).toBe("the screen shows 2 different latest heights (137, 46)");
  });

  it("is not with no height, or one that is not a number", () => {
    expect(unsettledProblem({ state: "live", notes: [], heights: [] })).toBe("no latest height is on the screen");
    expect(unsettledProblem({ state: "live", notes: [], heights: ["137", ""] })).toMatch(/not a height: ""/);
  });
});
