import { describe, expect, it } from "vitest";
import { parseDecCoins, scaledPrice } from "./dec-coins.js";

describe("a node's minimum gas prices", () => {
  // As cosmos-sdk v0.53.8 types/dec_coin.go DecCoins.String() prints them (client/grpc/node/service.go, Config).
  it("reads the SDK's DecCoins text, each amount without its trailing zeros", () => {
    expect(parseDecCoins("0.002500000000000000ucomet")).toEqual([{ denom: "ucomet", amount: "0.0025" }]);
    expect(parseDecCoins("0.005000000000000000ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2,1.000000000000000000uatom")).toEqual([
      { denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", amount: "0.005" },
      { denom: "uatom", amount: "1" },
    ]);
    expect(parseDecCoins("")).toEqual([]);
  });

  it("refuses text that is not decimal coins", () => {
    for (const text of ["0.0025", "ucomet", "-1ucomet", "0.0025 ucomet", "0.0025ucomet;", `0.${"1".repeat(19)}ucomet`]) expect(parseDecCoins(text), text).toBeUndefined();
  });

  it("scales a price exactly, with no binary tail", () => {
    expect(scaledPrice("0.0025", 2n)).toBe("0.005");
    expect(scaledPrice("0.0025", 4n)).toBe("0.01");
    expect(scaledPrice("0.000000000000000001", 3n)).toBe("0.000000000000000003");
    expect(scaledPrice("12.5", 4n)).toBe("50");
  });
});
