import { describe, expect, it } from "vitest";
import { chainMethods } from "../../../../shared/contract/chain.js";
import { abciArgsFromForm, abciFormProblems, type AbciFormValues } from "./abci-form.js";

const good: AbciFormValues = { path: "/app/version", data: "", mode: "hex", height: "", prove: false };

describe("the ABCI query form's own checks", () => {
  it("finds a problem exactly where main would refuse the query", () => {
    const variants: Array<Partial<AbciFormValues>> = [
      {}, { path: "" }, { path: "   " }, { path: `/${"p".repeat(255)}` }, { path: `/${"p".repeat(256)}` }, { path: " /store/bank/key " },
      { data: "0a0b" }, { data: "0x0A0B" }, { data: "abc" }, { data: "zz" }, { data: "héllo", mode: "text" }, { data: "ab".repeat(500_000) }, { data: "ab".repeat(500_001) },
      { data: "a".repeat(333_334), mode: "text" }, { data: "a".repeat(500_001), mode: "text" },
      { height: "1" }, { height: "0" }, { height: " 12 " }, { height: "007" }, { height: "1,000" }, { height: "-1" }, { height: "abc" }, { height: "1e6" }, { height: "1.5" }, { height: "0x10" },
      { height: "9".repeat(19) }, { height: "1".repeat(79) },
    ];
    for (const change of variants) {
      const v = { ...good, ...change };
      const problems = abciFormProblems(v);
      // Past int64 the contract still takes the digits; the node would refuse them, and so does the form.
      const tooHigh = /^\d{19,78}$/.test(v.height.trim()) && BigInt(v.height.trim()) > 9_223_372_036_854_775_807n;
      const takes = chainMethods.abciQuery.args.safeParse(abciArgsFromForm(v)).success && !tooHigh;
      expect(Object.keys(problems).length === 0, JSON.stringify(change).slice(0, 80)).toBe(takes);
    }
  });

  it("says at each field what to change, in place of main's schema paths", () => {
    expect(abciFormProblems({ ...good, path: "", data: "abc", height: "1,000" })).toEqual({
      path: "Give a path: /app/version, or a query such as /cosmos.bank.v1beta1.Query/Balance.",
      data: "Not hex: pairs of 0–9 and a–f (0x optional). Choose text to send the words as typed.",
      height: "Digits only, without separators: 1000, not 1,000.",
    });
    expect(abciFormProblems({ ...good, path: `/${"p".repeat(300)}`, height: "-1" })).toEqual({ path: "At most 256 characters; this has 301.", height: "A height is 0 (the latest) or more." });
    expect(abciFormProblems({ ...good, height: "1e6" })).toEqual({ height: "Digits only, written out: 1000000, not 1e6." });
    expect(abciFormProblems({ ...good, height: "abc" }).height).toContain("whole number");
  });

  it("sends the path trimmed, data as hex and the height without leading zeros", () => {
    expect(abciArgsFromForm({ ...good, path: " /app/version ", data: "0xAB", height: "007", prove: true })).toEqual({ path: "/app/version", data: "ab", height: "7", prove: true });
    expect(abciArgsFromForm(good)).toEqual({ path: "/app/version", data: undefined, height: undefined, prove: false });
  });
});
