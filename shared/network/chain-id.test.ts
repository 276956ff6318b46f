import { describe, expect, it } from "vitest";
import { methodSpec } from "../contract/index.js";
import { Network } from "../contract/network.js";
import { chainIdProblem } from "./chain-id.js";

const input = {
  name: "Test", chainId: "test-1", accessUrl: null, rpcUrls: ["http://127.0.0.1:26657"], bech32Prefix: "cosmos",
  denoms: [{ base: "uatom", display: "ATOM", exponent: 6 }], defaultDenom: "uatom", rpcVia: "direct",
} as const;

describe("a chain id", () => {
  it("has at most 50 bytes, as CometBFT's genesis check counts them", () => {
    expect(chainIdProblem("c".repeat(50))).toBeUndefined();
    expect(chainIdProblem("cosmoshub-4")).toBeUndefined();
    expect(chainIdProblem("c".repeat(51))).toBe("A chain id has at most 50 bytes, CometBFT's limit; this one has 51.");
    expect(chainIdProblem("c".repeat(64))).toBe("A chain id has at most 50 bytes, CometBFT's limit; this one has 64.");
    // 26 characters, 51 bytes.
    expect(chainIdProblem(`${"é".repeat(25)}c`)).toBe("A chain id has at most 50 bytes, CometBFT's limit; this one has 51.");
    expect(chainIdProblem("")).toBe("The chain id is required, as the chain's genesis gives it: cosmoshub-4, for example.");
  });

  it("is refused by network.add and network.update over the limit, in the same words", () => {
    const add = methodSpec("network.add")!.args;
    const update = methodSpec("network.update")!.args;
    expect(add.safeParse({ ...input, chainId: "c".repeat(50) }).success).toBe(true);
    expect(update.safeParse({ id: "test", patch: { chainId: "c".repeat(50) } }).success).toBe(true);
    for (const parsed of [add.safeParse({ ...input, chainId: "c".repeat(51) }), update.safeParse({ id: "test", patch: { chainId: "c".repeat(51) } })]) {
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([chainIdProblem("c".repeat(51))]);
    }
  });

  it("of up to 64 characters, stored before the limit, still lists, so the networks file is not thrown away", () => {
    expect(Network.safeParse({ ...input, id: "old", source: "user", chainId: "c".repeat(64) }).success).toBe(true);
  });
});
