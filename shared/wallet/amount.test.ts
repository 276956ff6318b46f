import { describe, expect, it } from "vitest";
import { denomName, displayUnits, formatBaseAmount, formatCoin, parseDisplayAmount, splitCoin } from "./amount.js";

describe("amounts", () => {
  it("turns display amounts into base units with the denom's exponent", () => {
    expect(parseDisplayAmount("1.5", 6)).toEqual({ ok: true, base: "1500000" });
    expect(parseDisplayAmount("0.000001", 6)).toEqual({ ok: true, base: "1" });
    expect(parseDisplayAmount(".25", 2)).toEqual({ ok: true, base: "25" });
    expect(parseDisplayAmount("42", 0)).toEqual({ ok: true, base: "42" });
    expect(parseDisplayAmount("123456789012345678901234567890", 18)).toEqual({ ok: true, base: "123456789012345678901234567890000000000000000000" });
  });

  it("refuses what is not an amount, too many decimals and zero", () => {
    for (const bad of ["", "abc", "1,5", "-1", "1e6", "1.2.3", " . "]) expect(parseDisplayAmount(bad, 6).ok).toBe(false);
    expect(parseDisplayAmount("0.0000001", 6)).toMatchObject({ ok: false, message: expect.stringContaining("6 decimals") });
    expect(parseDisplayAmount("0.5", 0)).toMatchObject({ ok: false });
    expect(parseDisplayAmount("0.000", 6)).toMatchObject({ ok: false, message: expect.stringContaining("more than zero") });
  });

  it("says what to change in amounts written the usual other ways", () => {
    const message = (text: string) => { const r = parseDisplayAmount(text, 6); return r.ok ? undefined : r.message; };
    expect(message("-1")).toBe("Leave out the minus sign: an amount is never below zero.");
    expect(message("1,5")).toBe("Use a point for decimals and no thousands separators: 1.5 or 15, not 1,5.");
    expect(message("1,000,000")).toBe("Digits without separators: 1000000, not 1,000,000.");
    expect(message(" 1 000.5 ")).toBe("Digits without separators: 1000.5, not 1 000.5.");
    expect(message("1e3")).toBe("Write the amount out in digits, like 1000, not 1e3.");
    expect(message("1.2.3")).toBe("Use digits and at most one decimal point, like 1.5.");
  });

  it("formats base units without floating point", () => {
    expect(formatBaseAmount("1500000", 6)).toBe("1.5");
    expect(formatBaseAmount("1", 6)).toBe("0.000001");
    expect(formatBaseAmount("1000000000000000000000001", 6)).toBe("1000000000000000000.000001");
    expect(formatBaseAmount("7", 0)).toBe("7");
  });

  it("formats coin strings with known denoms and keeps unknown ones as they are", () => {
    const denoms = [{ base: "ucomet", display: "COMET", exponent: 6 }];
    expect(formatCoin("2500000ucomet", denoms, "ucomet")).toBe("2.5 COMET");
    expect(formatCoin("12", denoms, "ucomet")).toBe("0.000012 COMET");
    expect(formatCoin("5ibc/ABC,1000000ucomet", denoms, "ucomet")).toBe("5 ibc/ABC, 1 COMET");
    expect(splitCoin("nonsense!", "ucomet")).toBeUndefined();
  });

  it("names a denom by the network's unit first, then the service's, and shows unknown ones as they are", () => {
    const network = { denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }] };
    const service = { denoms: [{ base: "ucomet", display: "comet", exponent: 6 }, { base: "ustake", display: "stake", exponent: 6 }] };
    const units = displayUnits(network, service);
    expect(units.map((u) => u.display)).toEqual(["COMET", "stake"]);
    expect(denomName("ucomet", units)).toBe("COMET");
    expect(denomName("ibc/AB", units)).toBe("ibc/AB");
    expect(formatCoin("1500000ucomet", units, "ucomet")).toBe("1.5 COMET");
    expect(displayUnits(undefined, service)).toEqual(service.denoms);
  });
});
