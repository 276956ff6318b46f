import { describe, expect, it } from "vitest";
import { NetworkInput, type Network } from "../../../../shared/contract/network.js";
import { EMPTY_FORM, formFromNetwork, networkFromForm } from "./network-form.js";

const devnet: Network = {
  id: "devnet", name: "Local devnet", chainId: "cometdesk-devnet", accessUrl: "http://127.0.0.1:26650", rpcUrls: ["http://127.0.0.1:26657"],
  bech32Prefix: "cosmos", denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }],
  defaultDenom: "ucomet", rpcVia: "access", source: "devnet",
};

describe("network form", () => {
  it("round-trips a network, keeping the denoms it does not edit", () => {
    const input = networkFromForm(formFromNetwork(devnet), devnet);
    expect(NetworkInput.parse(input)).toEqual({ ...devnet, id: undefined, source: undefined, ...input });
    expect(input.denoms.map((d) => d.base)).toEqual(["ucomet", "ustake"]);
  });

  it("keeps the registry's three gas price levels unless the user types another price", () => {
    const seeded: Network = { ...devnet, gasPrices: { denom: "ucomet", low: "0.0025", average: "0.005", high: "0.01" } };
    expect(networkFromForm(formFromNetwork(seeded), seeded).gasPrices).toEqual(seeded.gasPrices);
    expect(networkFromForm({ ...formFromNetwork(seeded), gasPrice: "0.02" }, seeded).gasPrices).toEqual({ denom: "ucomet", low: "0.02", average: "0.02", high: "0.02" });
    expect(networkFromForm({ ...formFromNetwork(seeded), gasPrice: "" }, seeded).gasPrices).toBeUndefined();
  });

  it("turns typed text into the contract's shape", () => {
    const input = networkFromForm({ ...EMPTY_FORM, name: " Test ", chainId: "test-1", rpcUrls: "http://a:1, http://b:2\n", denomBase: "uatom", denomDisplay: "", rpcVia: "direct" });
    expect(input).toMatchObject({ name: "Test", accessUrl: null, rpcUrls: ["http://a:1", "http://b:2"], denoms: [{ base: "uatom", display: "uatom", exponent: 6 }], defaultDenom: "uatom" });
    expect(NetworkInput.safeParse(input).success).toBe(true);
  });
});
