import { describe, expect, it } from "vitest";
import { entries, findMatches, summary, valueAt } from "./json-model.js";

const doc = { chain_id: "devnet-1", app_state: { bank: { balances: [{ address: "cosmos1abc", coins: [{ denom: "ustake", amount: "5" }] }] } } };

describe("json model", () => {
  it("summarises containers and lists children in order", () => {
    expect(summary([1, 2])).toBe("[2 items]");
    expect(summary({ a: 1 })).toBe("{1 key}");
    expect(summary("x")).toBe('"x"');
    expect(entries(["a", "b"])).toEqual([["0", "a"], ["1", "b"]]);
  });

  it("finds keys and values by substring, depth first, with their paths", () => {
    const found = findMatches(doc, "USTAKE");
    expect(found).toEqual([{ path: ["app_state", "bank", "balances", "0", "coins", "0", "denom"], value: "ustake" }]);
    expect(findMatches(doc, "bank")[0]!.path).toEqual(["app_state", "bank"]);
    expect(findMatches(doc, "")).toEqual([]);
  });

  it("stops at the limit and reads values back by path", () => {
    const many = Array.from({ length: 1000 }, (_, i) => `v${i}`);
    expect(findMatches(many, "v", 10)).toHaveLength(10);
    expect(valueAt(doc, ["app_state", "bank", "balances", "0", "address"])).toBe("cosmos1abc");
    expect(valueAt(doc, ["nope", "x"])).toBeUndefined();
  });
});
