import { describe, expect, it } from "vitest";
import { chainKeys } from "./chain-queries.js";
import { networkKeys } from "./network-queries.js";
import { walletKeys } from "./wallet-queries.js";

// Invalidation works by prefix: invalidating `all` must reach every detail key below it.
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((p, i) => key[i] === p);

describe("query keys", () => {
  it("nest every detail key under its domain's root", () => {
    expect(startsWith(networkKeys.token("devnet"), networkKeys.all)).toBe(true);
    expect(startsWith(networkKeys.list(), networkKeys.all)).toBe(true);
    expect(startsWith(chainKeys.status("devnet"), chainKeys.all("devnet"))).toBe(true);
    expect(startsWith(chainKeys.status("devnet"), chainKeys.all("other"))).toBe(false);
    expect(startsWith(walletKeys.accounts(), walletKeys.all)).toBe(true);
  });
});
