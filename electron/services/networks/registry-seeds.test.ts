import { describe, expect, it } from "vitest";
import { Network } from "../../../shared/contract/network.js";
import { registrySeeds } from "./registry-seeds.js";

describe("the chain-registry seeds", () => {
  it("carry each chain's fee token as low / average / high gas prices, in its fee denom", () => {
    const seeds = registrySeeds();
    for (const seed of seeds) expect(Network.safeParse(seed).success, seed.id).toBe(true);
    const hub = seeds.find((s) => s.id === "cosmoshub")!;
    expect(hub.accessUrl).toBeNull();
    expect(hub.gasPrices).toMatchObject({ denom: "uatom" });
    const { low, average, high } = hub.gasPrices!;
    expect(Number(low)).toBeLessThanOrEqual(Number(average));
    expect(Number(average)).toBeLessThanOrEqual(Number(high));
    expect(Number(average)).toBeGreaterThan(0);
    // The prices the registry writes, not a double's binary tail: the form and the review show them.
    for (const seed of seeds) {
      const { low: l, average: a, high: h } = seed.gasPrices!;
      for (const price of [l, a, h]) expect(price, seed.id).toBe(String(Number(price)));
    }
  });
});
