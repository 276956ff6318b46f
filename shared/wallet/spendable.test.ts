import { describe, expect, it } from "vitest";
import { spendProblems, subtractCoins, sumCoins } from "./spendable.js";

const units = [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }];
const c = (amount: string, denom = "ucomet") => ({ amount, denom });
const million = c("1000000000000"); // 1,000,000 COMET

describe("what an account can spend", () => {
  it("passes when amount plus fee fit the balance, to the last base unit", () => {
    expect(spendProblems({ spend: [c("999999999500")], fee: [c("500")] }, { available: [million] }, units)).toEqual([]);
    expect(spendProblems({ spend: [c("5", "ustake")], fee: [c("500")] }, { available: [c("500"), c("5", "ustake")] }, units)).toEqual([]);
  });

  it("refuses an amount above the balance on the amount field, in display units", () => {
    const [problem, ...rest] = spendProblems({ spend: [c("5000000000000")], fee: [c("500")] }, { available: [million] }, units);
    expect(rest).toEqual([]);
    expect(problem).toEqual({ field: "amount", denom: "ucomet", need: "5000000000500", available: "1000000000000", message: "That is more than this account can spend: 1000000 COMET is available." });
  });

  it("counts the fee when it is paid in the same denom, and says what can still be sent", () => {
    const [problem] = spendProblems({ spend: [million], fee: [c("500")] }, { available: [million] }, units);
    expect(problem).toMatchObject({ field: "amount", need: "1000000000500" });
    expect(problem!.message).toBe("With the fee of 0.0005 COMET, that is more than the 1000000 COMET available. At most 999999.9995 COMET can be sent with this fee.");
  });

  it("puts a fee in another denom that the account lacks on the fee field", () => {
    const problems = spendProblems({ spend: [c("1000000", "ustake")], fee: [c("500")] }, { available: [c("9000000", "ustake"), c("499")] }, units);
    expect(problems).toEqual([{ field: "fee", denom: "ucomet", need: "500", available: "499", message: "The fee needs 0.0005 COMET, and only 0.000499 COMET is available." }]);
  });

  it("names each denom that falls short, and denoms it has no unit for in base units", () => {
    const problems = spendProblems({ spend: [c("2", "ustake"), c("7", "ibc/AB")], fee: [c("500")] }, { available: [c("1", "ustake")] }, units);
    expect(problems.map((p) => [p.field, p.denom])).toEqual([["amount", "ustake"], ["amount", "ibc/AB"], ["fee", "ucomet"]]);
    expect(problems[1]!.message).toBe("That is more than this account can spend: 0 ibc/AB is available.");
  });

  it("says how much pending transactions hold when that is why it falls short", () => {
    const [problem] = spendProblems({ spend: [c("3000000")], fee: [] }, { available: [c("2000000")], pending: [c("8000000")] }, units);
    expect(problem!.message).toBe("That is more than this account can spend: 2 COMET is available, besides 8 COMET held by transactions still pending.");
  });

  it("adds and subtracts coins per denom with bigints, never below zero, and refuses what is not an amount", () => {
    expect(sumCoins([c("1"), c("2"), c("3", "ustake")])).toEqual(new Map([["ucomet", 3n], ["ustake", 3n]]));
    expect(subtractCoins([c("10"), c("99999999999999999999999", "ustake")], [c("4"), c("4"), c("100000000000000000000000", "ustake")])).toEqual([c("2"), c("0", "ustake")]);
    expect(() => sumCoins([c("-1")])).toThrow(/base units/);
    expect(() => sumCoins([c("1.5")])).toThrow(/base units/);
  });
});
