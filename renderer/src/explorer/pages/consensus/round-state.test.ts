import { describe, expect, it } from "vitest";
import { roundView, voteMark } from "./round-state.js";

const answer = {
  round_state: {
    "height/round/step": "120/0/6",
    proposer: { address: "ABCD", index: 0 },
    height_vote_set: [
      {
        round: 0,
        prevotes: ["Vote{0:AAAA 120/00/SIGNED_MSG_TYPE_PREVOTE(Prevote) 5E3F0C1E4B2A 9F8E7D6C5B4A @ 2026-01-01T00:00:00Z}", "nil-Vote"],
        prevotes_bit_array: "BA{2:x_} 1/2 = 0.50",
        precommits: ["Vote{0:AAAA 120/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) 000000000000 9F8E7D6C5B4A @ 2026-01-01T00:00:00Z}", "nil-Vote"],
        precommits_bit_array: "BA{2:x_} 1/2 = 0.50",
      },
    ],
  },
};

describe("consensus round view", () => {
  it("reads height, round, step name and each validator's votes", () => {
    expect(roundView(answer)).toEqual({
      height: "120", round: "0", step: "Precommit (6)", proposer: "ABCD",
      rounds: [{ round: "0", prevotes: ["voted", "missing"], precommits: ["nil", "missing"], prevotesSummary: "BA{2:x_} 1/2 = 0.50", precommitsSummary: "BA{2:x_} 1/2 = 0.50" }],
    });
  });

  it("survives answers of another shape", () => {
    expect(roundView(null)).toEqual({ height: "", round: "", step: "", proposer: "", rounds: [] });
    expect(voteMark("garbage")).toBe("missing");
  });
});
