import { describe, expect, it } from "vitest";
import { heightTooHigh, MAX_HEIGHT, withoutLeadingZeros } from "./height.js";

describe("a height of digits", () => {
  it("drops leading zeros but keeps a zero", () => {
    expect(withoutLeadingZeros("007")).toBe("7");
    expect(withoutLeadingZeros("000")).toBe("0");
    expect(withoutLeadingZeros("0")).toBe("0");
    expect(withoutLeadingZeros("100")).toBe("100");
  });

  it("is too high past int64, however many zeros lead it", () => {
    expect(heightTooHigh(String(MAX_HEIGHT))).toBe(false);
    expect(heightTooHigh(`000${MAX_HEIGHT}`)).toBe(false);
    expect(heightTooHigh(String(MAX_HEIGHT + 1n))).toBe(true);
    expect(heightTooHigh(`0${MAX_HEIGHT + 1n}`)).toBe(true);
    expect(heightTooHigh("1".repeat(80))).toBe(true);
    expect(heightTooHigh("0".repeat(80))).toBe(false);
  });
});
