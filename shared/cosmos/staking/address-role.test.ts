import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { describe, expect, it } from "vitest";
import { addressRole, operatorAccount } from "./address-role.js";

const account = "cosmos1l233jnl2f0m9fury5as589jlhp9jyn8mw4ufzc";
const operator = "cosmosvaloper1l233jnl2f0m9fury5as589jlhp9jyn8mtpguwt";

describe("addressRole", () => {
  it("reads the SDK's prefixes by role, with the account prefix they share", () => {
    expect(addressRole("cosmos")).toEqual({ role: "account", accountPrefix: "cosmos" });
    expect(addressRole("cosmosvaloper")).toEqual({ role: "operator", accountPrefix: "cosmos" });
    expect(addressRole("osmovalcons")).toEqual({ role: "consensus", accountPrefix: "osmo" });
    expect(addressRole("cosmosvaloperpub")).toEqual({ role: "operator", accountPrefix: "cosmos" });
    // A bare role word is an account prefix of its own, not a role with nothing before it.
    expect(addressRole("valoper")).toEqual({ role: "account", accountPrefix: "valoper" });
  });
});

describe("operatorAccount", () => {
  it("gives the account of an operator address, and nothing for any other address", () => {
    expect(operatorAccount(operator)).toBe(account);
    expect(operatorAccount(account)).toBeUndefined();
    expect(operatorAccount(toBech32("cosmosvalcons", fromBech32(account, 90).data))).toBeUndefined();
    expect(operatorAccount(`${operator.slice(0, -1)}x`)).toBeUndefined();
    expect(operatorAccount("not an address")).toBeUndefined();
  });
});
