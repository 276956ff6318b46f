import { describe, expect, it } from "vitest";
import { Network, NetworkInput, networkMethods } from "./network.js";

const input = {
  name: "My Chain", chainId: "my-1", accessUrl: null, rpcUrls: ["https://rpc.example.org"], bech32Prefix: "my",
  denoms: [{ base: "umy", display: "MY", exponent: 6 }], defaultDenom: "umy", rpcVia: "direct" as const,
};
const issues = (r: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }) => (r.error?.issues ?? []).map((i) => ({ path: i.path.join("."), message: i.message }));

describe("a network's coin type", () => {
  it("takes one chain-registry's chains use: 118, 60, 330", () => {
    for (const coinType of [118, 60, 330]) expect(NetworkInput.safeParse({ ...input, coinType }).success, String(coinType)).toBe(true);
    expect(NetworkInput.safeParse(input).success).toBe(true); // none is 118
  });

  it("refuses a coin type no chain there uses, a typo like 1181, at the coin type and in words that say how to confirm it", () => {
    const refused = NetworkInput.safeParse({ ...input, coinType: 1181 });
    expect(refused.success).toBe(false);
    expect(issues(refused)).toEqual([{ path: "coinType", message: expect.stringMatching(/^No chain in chain-registry uses coin type 1181 .*If this chain does use 1181, confirm it with coinTypeConfirmed: true\.$/) }]);
    expect(NetworkInput.safeParse({ ...input, coinType: 1181, coinTypeConfirmed: false }).success).toBe(false);
    // Out of range stays out of range, confirmed or not.
    expect(NetworkInput.safeParse({ ...input, coinType: 2 ** 31, coinTypeConfirmed: true }).success).toBe(false);
  });

  it("takes the same coin type when the user confirmed it", () => {
    expect(NetworkInput.parse({ ...input, coinType: 1181, coinTypeConfirmed: true })).toMatchObject({ coinType: 1181, coinTypeConfirmed: true });
  });

  it("holds a patch to the same rule, and a patch without a coin type changes none", () => {
    const update = networkMethods.update.args;
    expect(update.safeParse({ id: "my-chain", patch: { coinType: 1181 } }).success).toBe(false);
    expect(issues(update.safeParse({ id: "my-chain", patch: { coinType: 1181 } }))).toEqual([{ path: "patch.coinType", message: expect.stringMatching(/coin type 1181/) }]);
    expect(update.safeParse({ id: "my-chain", patch: { coinType: 1181, coinTypeConfirmed: true } }).success).toBe(true);
    expect(update.safeParse({ id: "my-chain", patch: { coinType: 60 } }).success).toBe(true);
    expect(update.safeParse({ id: "my-chain", patch: { name: "Renamed" } }).success).toBe(true);
  });

  it("still reads a network saved before coin types were checked, whatever its coin type", () => {
    // As networks.json kept it: a user's network at a coin type nobody confirmed.
    const saved = { ...input, id: "my-chain-abcdef", source: "user", coinType: 1181 };
    expect(Network.parse(saved)).toMatchObject({ coinType: 1181 });
    expect(networkMethods.list.result.safeParse({ networks: [saved], selectedId: saved.id }).success).toBe(true);
  });
});
