import { describe, expect, it } from "vitest";
import { powerShare, signingRecords } from "./signing-record.js";

const sig = (validatorAddress: string, blockIdFlag: number) => ({ validatorAddress, blockIdFlag });

describe("signingRecords", () => {
  it("marks signed, nil and missed per commit, oldest first", () => {
    const commits = [
      { height: "11", signatures: [sig("AA", 2), sig("BB", 1)] },
      { height: "9", signatures: [sig("AA", 2), sig("BB", 2)] },
      { height: "10", signatures: [sig("aa", 3), sig("BB", 2)] },
    ];
    const { heights, records } = signingRecords(["AA", "BB"], commits);
    expect(heights).toEqual(["9", "10", "11"]);
    expect(records[0]).toEqual({ address: "AA", marks: ["signed", "nil", "signed"], signed: 2, missedHeights: [] });
    expect(records[1]).toEqual({ address: "BB", marks: ["signed", "signed", "missed"], signed: 2, missedHeights: ["11"] });
  });

  it("counts a validator absent from a commit's list as missed", () => {
    const { records } = signingRecords(["CC"], [{ height: "5", signatures: [sig("AA", 2)] }]);
    expect(records[0]!.missedHeights).toEqual(["5"]);
  });
});

describe("powerShare", () => {
  it("gives percent with two decimals, exact for big powers", () => {
    expect(powerShare("1", 4n)).toBe("25.00");
    expect(powerShare("1", 3n)).toBe("33.33");
    expect(powerShare("123456789012345678901", 123456789012345678901n)).toBe("100.00");
    expect(powerShare("5", 0n)).toBe("0.00");
  });
});
