import { describe, expect, it } from "vitest";
import { entries, summary } from "./json-model.js";

describe("json model", () => {
  it("summarises containers and lists children in order", () => {
    expect(summary([1, 2])).toBe("[2 items]");
    expect(summary({ a: 1 })).toBe("{1 key}");
    expect(summary("x")).toBe('"x"');
    expect(entries(["a", "b"])).toEqual([["0", "a"], ["1", "b"]]);
  });
});
