import { describe, expect, it } from "vitest";
import { accountBadge, membersToSignHere } from "./account-kinds.js";

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

describe("the multisig members this app signs for", () => {
  it("offers the vault's, the imported keys' and a Ledger's members not signed yet; never a watch-only address or another multisig", () => {
    const accounts = [
      { address: "a-vault", kind: "vault" as const },
      { address: "b-ledger", kind: "ledger" as const },
      { address: "c-watch", kind: "watch" as const },
      { address: "d-imported", kind: "imported" as const },
      { address: "e-ledger-signed", kind: "ledger" as const },
      { address: "f-multisig", kind: "multisig" as const },
      { address: "g-unknown-kind" },
    ];
    const members = ["b-ledger", "a-vault", "c-watch", "d-imported", "e-ledger-signed", "f-multisig", "g-unknown-kind", "h-elsewhere"].map((address) => ({ address, signed: address === "e-ledger-signed" }));
    expect(membersToSignHere(members, accounts).map((a) => a.address)).toEqual(["b-ledger", "a-vault", "d-imported", "g-unknown-kind"]);
  });
});
