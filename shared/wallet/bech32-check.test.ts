import { describe, expect, it } from "vitest";
import { addressProblem, describeAddressProblem } from "./bech32-check.js";

const alice = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";

describe("recipient address checks", () => {
  it("accepts a valid address of the network, in either single case", () => {
    expect(addressProblem(alice, "cosmos")).toBeUndefined();
    expect(addressProblem(alice.toUpperCase(), "cosmos")).toBeUndefined();
  });

  it("names what is wrong: empty, mixed case, prefix, checksum, format", () => {
    expect(addressProblem("", "cosmos")).toEqual({ kind: "empty" });
    expect(addressProblem(alice.replace("edh", "EDH"), "cosmos")).toEqual({ kind: "mixed_case" });
    expect(addressProblem("osmo1edhrppagujenjy8s82rplhj85atl5v7eeusulc", "cosmos")).toMatchObject({ kind: "prefix", got: "osmo" });
    expect(addressProblem(alice.slice(0, -1) + "d", "cosmos")).toEqual({ kind: "checksum" });
    expect(addressProblem(alice.slice(0, -2), "cosmos")).toEqual({ kind: "checksum" });
    expect(addressProblem("hello", "cosmos")).toEqual({ kind: "format" });
  });

  it("says that a validator's own address is of this network, not of another", () => {
    const valoper = "cosmosvaloper1edhrppagujenjy8s82rplhj85atl5v7eg6ldy9";
    const problem = addressProblem(valoper, "cosmos")!;
    expect(problem).toMatchObject({ kind: "prefix", got: "cosmosvaloper" });
    expect(describeAddressProblem(problem)).toBe("That is a validator's operator address (cosmosvaloper…), not an account: this network's account addresses start with cosmos1. To stake with the validator, use the Staking page.");
    expect(describeAddressProblem({ kind: "prefix", expected: "cosmos", got: "cosmosvalcons" })).toMatch(/^That is a validator's consensus address/);
    expect(describeAddressProblem({ kind: "prefix", expected: "cosmosvaloper", got: "cosmos" })).toBe("That is an account address (cosmos…); a validator's operator address starts with cosmosvaloper1.");
    expect(describeAddressProblem(addressProblem("osmo1edhrppagujenjy8s82rplhj85atl5v7eeusulc", "cosmos")!)).toBe("This address is for another network (osmo…); this network's addresses start with cosmos1.");
  });

  it("warns about characters that look like address characters", () => {
    expect(addressProblem(alice.replace("pp", "po"), "cosmos")).toMatchObject({ kind: "look_alike", char: "o" });
    expect(addressProblem(alice.replace("ujen", "ujbn"), "cosmos")).toMatchObject({ kind: "look_alike", char: "b" });
    const cyrillic = alice.replace("a", "\u0430");
    const problem = addressProblem(cyrillic, "cosmos");
    expect(problem).toMatchObject({ kind: "look_alike", char: "\u0430" });
    expect(describeAddressProblem(problem!)).toContain("Cyrillic");
  });
});

describe("look-alikes from other scripts and invisible characters", () => {
  it("flags Greek letters, any other non-ASCII letter and zero-width or bidi characters, naming the code point", () => {
    const greek = addressProblem(alice.replace("pp", "\u03c1p"), "cosmos");
    expect(greek).toMatchObject({ kind: "look_alike", char: "\u03c1" });
    expect(describeAddressProblem(greek!)).toContain("(U+03C1), which is not used in addresses and looks like p (Greek)");
    expect(addressProblem(alice.replace("hj", "h\u0458"), "cosmos")).toMatchObject({ kind: "look_alike", hint: "a letter of another alphabet" });
    for (const hidden of ["\u200b", "\u200d", "\ufeff", "\u202e", "\u2066"]) {
      const p = addressProblem(alice.slice(0, 20) + hidden + alice.slice(20), "cosmos");
      expect(p, hidden.codePointAt(0)!.toString(16)).toMatchObject({ kind: "look_alike", hint: "nothing at all (it is invisible)" });
      expect(describeAddressProblem(p!)).not.toContain(hidden);
    }
  });

  it("names the look-alike before the case: a mixed-case address with a Cyrillic letter is a look-alike", () => {
    expect(addressProblem(alice.replace("edh", "EDH").replace("a", "\u0430"), "cosmos")).toMatchObject({ kind: "look_alike", char: "\u0430" });
  });
});
