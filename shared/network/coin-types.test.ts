import * as devnets from "chain-registry/devnet/chains.js";
import * as mainnets from "chain-registry/mainnet/chains.js";
import * as testnets from "chain-registry/testnet/chains.js";
import { describe, expect, it } from "vitest";
import { isRegistryCoinType, REGISTRY_COIN_TYPES, unknownCoinTypeProblem } from "./coin-types.js";

type Chains = ReadonlyArray<{ readonly slip44?: number }>;
// CommonJS seen from an ES module, as electron/services/networks/registry-chains.ts reads it.
const chainsOf = (m: unknown): Chains => {
  const value = (m as { default: Chains | { default: Chains } }).default;
  return Array.isArray(value) ? value : (value as { default: Chains }).default;
};

describe("the coin types chain-registry's chains use", () => {
  it("are the package's own, every chain's slip44 of its mainnets, testnets and devnets", () => {
    const all = [mainnets, testnets, devnets].flatMap(chainsOf);
    expect(all.length).toBeGreaterThan(300);
    const used = [...new Set(all.flatMap((c) => (c.slip44 === undefined ? [] : [c.slip44])))].sort((a, b) => a - b);
    // When chain-registry is updated, this says the list to write into coin-types.ts.
    expect(REGISTRY_COIN_TYPES, `REGISTRY_COIN_TYPES = [${used.join(", ")}]`).toEqual(used);
  });

  it("takes the Cosmos Hub's, EVM chains' and Terra's, and refuses a typo in words that say how to confirm it", () => {
    for (const known of [118, 60, 330, 394, 529]) expect(isRegistryCoinType(known), String(known)).toBe(true);
    expect(unknownCoinTypeProblem(118, undefined, "say so")).toBeUndefined();
    expect(unknownCoinTypeProblem(1181, undefined, "say so")).toBe("No chain in chain-registry uses coin type 1181 (118 for the Cosmos Hub and most chains, 60 for EVM chains, 330 for Terra): check it for a typo, since another coin type derives other addresses. If this chain does use 1181, say so.");
    expect(unknownCoinTypeProblem(1181, false, "say so")).toMatch(/coin type 1181/);
    expect(unknownCoinTypeProblem(1181, true, "say so")).toBeUndefined();
  });
});
