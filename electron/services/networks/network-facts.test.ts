import { describe, expect, it } from "vitest";
import type { Network, NetworkFacts } from "../../../shared/contract/network.js";
import { withChainFacts } from "./network-facts.js";

const read = <T>(value: T) => ({ read: true as const, value, source: "the node" });
const unread = { read: false as const, reason: "not read" };
const facts: NetworkFacts = {
  rpcUrl: "http://127.0.0.1:26657", chainId: read("test-1"), name: unread, bech32Prefix: read("cosmos"), bondDenom: read("ustake"),
  minGasPrices: read([{ denom: "ucomet", amount: "0.0025" }]), feeDenoms: read(["ucomet"]),
  denoms: read([{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }]),
  gasPrices: read({ denom: "ucomet", low: "0.0025", average: "0.005", high: "0.01" }), modules: [],
  coinType: unread, keyAlgo: unread, pubKeyTypeUrl: unread, explorers: unread, rpcUrls: unread,
};
const typed: Network = {
  id: "mine", name: "Mine", chainId: "test-1", accessUrl: null, rpcUrls: ["http://127.0.0.1:26657"], bech32Prefix: "cosmos",
  denoms: [{ base: "ucomet", display: "MYCOMET", exponent: 6 }], defaultDenom: "ucomet", rpcVia: "direct", source: "user",
};
const now = new Date("2026-01-02T03:04:05Z");

describe("a saved network given its chain's facts", () => {
  it("gains what it lacks and keeps every field it has", () => {
    expect(withChainFacts(typed, facts, now)).toEqual({
      ...typed,
      denoms: [{ base: "ucomet", display: "MYCOMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }],
      bondDenom: "ustake",
      gasPrices: { denom: "ucomet", low: "0.0025", average: "0.005", high: "0.01" },
      describedAt: "2026-01-02T03:04:05.000Z",
    });
    const priced = { ...typed, bondDenom: "uother", gasPrices: { denom: "ucomet", low: "1", average: "1", high: "1" } };
    expect(withChainFacts(priced, facts, now)).toMatchObject({ bondDenom: "uother", gasPrices: priced.gasPrices });
  });

  it("gains the registry's coin type and key algorithm when it has none, and keeps its own", () => {
    const registered = { ...facts, coinType: { read: true as const, value: 60, source: "chain-registry" }, keyAlgo: { read: true as const, value: "ethsecp256k1", source: "chain-registry" } };
    expect(withChainFacts(typed, registered, now)).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1" });
    expect(withChainFacts({ ...typed, coinType: 118, keyAlgo: "secp256k1" }, registered, now)).toMatchObject({ coinType: 118, keyAlgo: "secp256k1" });
    const plain = { ...registered, coinType: { read: true as const, value: 330, source: "chain-registry" }, keyAlgo: { read: true as const, value: "secp256k1", source: "chain-registry" } };
    expect(withChainFacts(typed, plain, now)).toMatchObject({ coinType: 330 });
    expect(withChainFacts(typed, plain, now).keyAlgo).toBeUndefined();
  });

  it("gains the chain's own public key type with its ethsecp256k1 keys, and keeps one typed", () => {
    const injective = { read: true as const, value: "/injective.crypto.v1beta1.ethsecp256k1.PubKey", source: "chain-registry" };
    const registered = { ...facts, coinType: read(60), keyAlgo: read("ethsecp256k1"), pubKeyTypeUrl: injective };
    expect(withChainFacts(typed, registered, now)).toMatchObject({ keyAlgo: "ethsecp256k1", pubKeyTypeUrl: injective.value });
    const own = { ...typed, keyAlgo: "ethsecp256k1" as const, pubKeyTypeUrl: "/mine.crypto.v1.ethsecp256k1.PubKey" };
    expect(withChainFacts(own, registered, now).pubKeyTypeUrl).toBe(own.pubKeyTypeUrl);
    // A network that keeps secp256k1 keys has no use for it.
    expect(withChainFacts({ ...typed, keyAlgo: "secp256k1" }, registered, now).pubKeyTypeUrl).toBeUndefined();
  });

  it("takes nothing from a node of another chain", () => {
    expect(withChainFacts({ ...typed, chainId: "test-2" }, facts, now)).toEqual({ ...typed, chainId: "test-2" });
  });

  it("marks a network read even when the chain had nothing to add", () => {
    const bare = { ...facts, bondDenom: unread, denoms: unread, gasPrices: unread };
    expect(withChainFacts(typed, bare, now)).toEqual({ ...typed, describedAt: "2026-01-02T03:04:05.000Z" });
  });
});
