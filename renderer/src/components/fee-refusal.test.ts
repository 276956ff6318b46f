import { describe, expect, it } from "vitest";
import { gasPriceWords, repriceOffer } from "./fee-refusal.js";

describe("the review's fee words", () => {
  it("offers to prepare again only for a fee refused as too low that names the price now", () => {
    expect(repriceOffer({ code: "insufficient_fee", message: "…", gasPriceNow: "0.05ucomet" })).toBe("0.05ucomet");
    expect(repriceOffer({ code: "insufficient_fee", message: "the fee is too low for this node; raise the fee" })).toBeUndefined();
    expect(repriceOffer({ code: "broadcast_refused", gasPriceNow: "0.05ucomet" })).toBeUndefined();
    expect(repriceOffer(undefined)).toBeUndefined();
  });

  it("shows the live price and the headroom bid above it where the chain runs a fee market", () => {
    expect(gasPriceWords({ gasPrice: "0.006uatom", feeTier: "average", feeMarket: { source: "feemarket", livePrice: "0.005uatom", headroom: 1.2 } })).toBe(
      "Gas price 0.006uatom: the live 0.005uatom from the chain's fee market (x/feemarket) × 1.2 headroom; read again before signing",
    );
    expect(gasPriceWords({ gasPrice: "0.005ucomet", feeTier: "average" })).toBe("Gas price 0.005ucomet");
    expect(gasPriceWords({ gasPrice: "0.05ucomet" })).toBe("Gas price 0.05ucomet, as the node asked");
  });
});
