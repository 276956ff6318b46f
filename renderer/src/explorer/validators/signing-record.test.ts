import { describe, expect, it } from "vitest";
import { powerShare, signedAt, signingRecords } from "./signing-record.js";

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

describe("signedAt", () => {
  it("gives a signature's time, and none for an absent validator, whose zero time CometBFT writes as year 1", () => {
    expect(signedAt({ blockIdFlag: 2, timestamp: "2026-11-26T17:08:58.688123456Z" })).toBe("2026-11-26T17:08:58.688123456Z");
    expect(signedAt({ blockIdFlag: 3, timestamp: "2026-11-26T17:08:58Z" })).toBe("2026-11-26T17:08:58Z");
    expect(signedAt({ blockIdFlag: 1, timestamp: "0001-01-01T00:00:00Z" })).toBeUndefined();
    expect(signedAt({ blockIdFlag: 2, timestamp: null })).toBeUndefined();
  });
});
