import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "./bounded-json.js";

describe("jsonDepthExceeds", () => {
  it("counts nesting of arrays and objects, not brackets inside strings", () => {
    expect(jsonDepthExceeds('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ s: '[[[[ "a quote" \\ [[[[' }), 1)).toBe(false);
  });

  it("flags 10,000-deep JSON, which would overflow the stack when written again", () => {
    expect(jsonDepthExceeds(`${"[".repeat(10_000)}${"]".repeat(10_000)}`, 64)).toBe(true);
  });
});
