import { describe, expect, it } from "vitest";
import { percentOf, stakeText, tallyText, voteText } from "./tally-text.js";

describe("a tally and a vote in words", () => {
  it("shows each option's share of the votes cast, with two decimals at most", () => {
    expect(tallyText({ yes: "7000000", no: "3000000", abstain: "0", noWithVeto: "0" })).toBe("Yes 70 % · No 30 %");
    expect(tallyText({ yes: "0", no: "0", abstain: "0", noWithVeto: "0" })).toBe("no votes");
    expect(percentOf(1n, 3n)).toBe("33.33");
  });

  it("names a plain vote by its option and a weighted one by its weights", () => {
    expect(voteText([{ option: "no_with_veto", weight: "1" }])).toBe("No with veto");
    expect(voteText([{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }])).toBe("Yes 0.7, No 0.3");
    expect(voteText(null)).toBe("not voted");
  });

  it("shows a tally's stake in the bond denom's display unit, not the node's base amount", () => {
    const units = [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }];
    expect(stakeText(60_000_000_000n, "ustake", units)).toBe("60000 STAKE");
    expect(stakeText(1_500_000n, "ustake", units)).toBe("1.5 STAKE");
    expect(stakeText(7n, "uatom", units)).toBe("7 uatom");
    expect(stakeText(7n, undefined, units)).toBe("7 (base units)");
  });
});
