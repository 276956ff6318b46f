import { describe, expect, it } from "vitest";
import { addressProblem, anyPrefixAddress, describeAddressProblem } from "./bech32-check.js";

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

describe("an address of any prefix, as the explorer's search and account links read it", () => {
  it("gives the address in lower case with its prefix, as CosmJS's fromBech32(…, 128) reads it", () => {
    expect(anyPrefixAddress(alice)).toEqual({ address: alice, prefix: "cosmos" });
    expect(anyPrefixAddress(` ${alice.toUpperCase()} `)).toEqual({ address: alice, prefix: "cosmos" });
    expect(anyPrefixAddress("osmo1edhrppagujenjy8s82rplhj85atl5v7eeusulc").problem).toEqual({ kind: "checksum" });
    const valoper = "cosmosvaloper1edhrppagujenjy8s82rplhj85atl5v7eugyfnt";
    expect(anyPrefixAddress(valoper)).toEqual({ address: valoper, prefix: "cosmosvaloper" });
    // 32 bytes under a long prefix: 99 characters, past BIP-173's 90 but within the explorer's 128.
    const long = "averyveryverylongprefixforthirtytwobytes1qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qursx5hvwr";
    expect(anyPrefixAddress(long)).toEqual({ address: long, prefix: "averyveryverylongprefixforthirtytwobytes" });
    expect(addressProblem(long, "averyveryverylongprefixforthirtytwobytes")).toEqual({ kind: "format" });
    expect(anyPrefixAddress(`${"a".repeat(90)}${long}`).problem).toEqual({ kind: "format" });
  });

  it("names what is wrong as the send form does: checksum, format, case and look-alikes", () => {
    expect(anyPrefixAddress(alice.slice(0, -1) + "d").problem).toEqual({ kind: "checksum" });
    expect(anyPrefixAddress("notanaddress").problem).toEqual({ kind: "format" });
    expect(anyPrefixAddress("").problem).toEqual({ kind: "empty" });
    expect(anyPrefixAddress(alice.replace("edh", "EDH")).problem).toEqual({ kind: "mixed_case" });
    expect(anyPrefixAddress(alice.replace("a", "\u0430")).problem).toMatchObject({ kind: "look_alike", char: "\u0430" });
  });

  it("refuses a valid checksum over words that make no whole bytes, as fromBech32 does", () => {
    // 52 words whose 4 spare bits are not zero ("Non-zero padding"), and 33 words ("Excess padding").
    expect(anyPrefixAddress("cosmos1qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qurswpc8qur3rnepfz").problem).toEqual({ kind: "format" });
    expect(anyPrefixAddress("cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpq49hkml").problem).toEqual({ kind: "format" });
  });
});
