import { describe, expect, it } from "vitest";
import { consensusTick } from "./consensus-events.js";

// Frames as CometBFT 0.38 sends them on /websocket (shortened): parsing only, the feed itself is
// tested against the devnet's node.
const vote = (height: unknown, round: unknown) => JSON.stringify({ jsonrpc: "2.0", id: "cometdesk-vote#event", result: { query: "tm.event='Vote'", data: { type: "tendermint/event/Vote", value: { Vote: { type: 1, height, round, validator_index: 2 } } } } });
const step = (height: unknown, round: unknown) => JSON.stringify({ jsonrpc: "2.0", id: "cometdesk-step#event", result: { query: "tm.event='NewRoundStep'", data: { type: "tendermint/event/RoundState", value: { height, round, step: "RoundStepPrevote" } } } });

describe("consensus events", () => {
  it("reads the height and round of vote and round-step frames", () => {
    expect(consensusTick(vote("42", 0))).toEqual({ height: "42", round: 0, cause: "vote" });
    expect(consensusTick(step("43", 2))).toEqual({ height: "43", round: 2, cause: "step" });
  });

  it("ignores acknowledgements, junk and frames with fields of the wrong shape", () => {
    expect(consensusTick(JSON.stringify({ jsonrpc: "2.0", id: "cometdesk-vote", result: {} }))).toBeUndefined();
    expect(consensusTick("{not json")).toBeUndefined();
    expect(consensusTick(vote(42, 0))).toBeUndefined();
    expect(consensusTick(vote("-1", 0))).toBeUndefined();
    expect(consensusTick(step("7", -1))).toBeUndefined();
    expect(consensusTick(step("7", "0"))).toBeUndefined();
    expect(consensusTick(`${vote("1", 0)}${" ".repeat(1 << 20)}`)).toBeUndefined();
  });
});
