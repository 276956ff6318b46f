import { describe, expect, it } from "vitest";
import { accountBadge } from "./account-kinds.js";

describe("the account picker's badge", () => {
  it("names every kind but the vault's phrase accounts, and a multisig's threshold of its members", () => {
    expect(accountBadge({ kind: "vault" })).toBeUndefined();
    expect(accountBadge({})).toBeUndefined();
    expect(accountBadge({ kind: "imported" })).toBe("Imported");
    expect(accountBadge({ kind: "ledger" })).toBe("Ledger");
    expect(accountBadge({ kind: "watch" })).toBe("Watch-only");
    expect(accountBadge({ kind: "multisig", multisig: { threshold: 2, members: 3 } })).toBe("Multisig 2/3");
  });
});
