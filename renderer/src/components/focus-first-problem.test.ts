import { describe, expect, it } from "vitest";
import { focusFirstProblem } from "./focus-first-problem.js";

/** A page of controls by id that records which one took the keyboard. */
function page(...ids: string[]) {
  const focused: string[] = [];
  const find = (id: string) => (ids.includes(id) ? { focus: () => void focused.push(id) } : null);
  return { focused, find };
}

describe("focusFirstProblem", () => {
  it("focuses the first field with a problem in the form's order, not in the problems' order", () => {
    const p = page("f-amount", "f-memo", "f-fee");
    const found = focusFirstProblem(["amount", "memo", "fee"] as const, { fee: "too much", amount: "not a number" }, (k) => `f-${k}`, p.find);
    expect(found).toBe(true);
    expect(p.focused).toEqual(["f-amount"]);
  });

  it("focuses nothing and says so when no field has a problem", () => {
    const p = page("f-amount");
    expect(focusFirstProblem(["amount", "memo"] as const, { memo: "" }, (k) => `f-${k}`, p.find)).toBe(false);
    expect(p.focused).toEqual([]);
  });

  it("still says there was a problem when its control is not on the page", () => {
    const p = page("f-memo");
    expect(focusFirstProblem(["from", "memo"] as const, { from: "pick one", memo: "too long" }, (k) => `f-${k}`, p.find)).toBe(true);
    expect(p.focused).toEqual([]);
  });
});
