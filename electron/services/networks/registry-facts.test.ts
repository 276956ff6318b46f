import { describe, expect, it } from "vitest";
import { registryFacts } from "./registry-facts.js";
import { registryKeyFacts } from "./registry-seeds.js";

// The chain-registry package the app ships, read as it is: no copy of its data in the test.
describe("chain-registry's word on a chain id", () => {
  it("gives the Cosmos Hub's coin type, key algorithm, fee tiers, staking token, explorers and https nodes", async () => {
    const hub = (await registryFacts("cosmoshub-4"))!;
    expect(hub).toMatchObject({ chainName: "cosmoshub", prettyName: "Cosmos Hub", coinType: 118, keyAlgo: "secp256k1", bondDenom: "uatom" });
    expect(hub.feeTokens[0]).toEqual({ denom: "uatom", prices: { denom: "uatom", low: "0.01", average: "0.025", high: "0.03" } });
    expect(hub.explorers.some((e) => e.name === "mintscan" && e.url === "https://www.mintscan.io/cosmos")).toBe(true);
    expect(hub.rpcUrls.length).toBeGreaterThan(0);
    for (const url of hub.rpcUrls) expect(url).toMatch(/^https:\/\/[^\s]+$/);
    expect(hub.rpcUrls).not.toContainEqual(expect.stringMatching(/:443$/));
  });

  it("gives another coin type and key algorithm where the chain has them, and none it does not name", async () => {
    expect(await registryFacts("injective-1")).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1" });
    expect((await registryFacts("cosmoshub-4"))!.pubKeyTypeUrl).toBeUndefined();
    // Terra names coin type 330 and no key algorithm: none is guessed.
    expect(await registryFacts("phoenix-1")).toMatchObject({ coinType: 330, keyAlgo: undefined });
  });

  // The seeds read the same registry with registryKeyFacts: a chain added by its RPC URL must not
  // get other keys than its seed (the chain refuses a signature under another key type).
  it("gives an ethsecp256k1 chain its own public key type, as its seed would have it", async () => {
    expect(await registryFacts("injective-1")).toMatchObject({ pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey" });
    expect(await registryFacts("cronosmainnet_25-1")).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/ethermint.crypto.v1.ethsecp256k1.PubKey" });
    const { chains } = await import("./registry-chains.js");
    const eth = chains.filter((c) => c.keyAlgos?.includes("ethsecp256k1"));
    expect(eth.length).toBeGreaterThan(10);
    for (const chain of eth) expect(await registryFacts(chain.chainId!), chain.chainId).toMatchObject(registryKeyFacts(chain));
  });

  it("has nothing for a chain id it does not list", async () => {
    expect(await registryFacts("cometdesk-devnet")).toBeUndefined();
  });
});
