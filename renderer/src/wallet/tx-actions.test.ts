import { describe, expect, it } from "vitest";
import { TX_STATUSES } from "../../../shared/contract/tx-constants.js";
import { txActions } from "./tx-actions.js";

describe("the actions a transaction's state allows", () => {
  it("offers cancel only while it is queued, never once broadcast or final", () => {
    const cancellable = TX_STATUSES.filter((status) => txActions({ status, source: "submitted" }).cancel);
    expect(cancellable).toEqual(["queued"]);
  });

  it("offers no cancel for a transfer the service found on chain", () => {
    expect(txActions({ status: "queued", source: "chain" }).cancel).toBe(false);
    expect(txActions({ status: "queued" }).cancel).toBe(true);
  });

  it("offers to prepare again only a send refused for its fee, at the price the node asked for", () => {
    const offered = TX_STATUSES.filter((status) => txActions({ status, source: "submitted", gasPriceNow: "0.05ucomet" }).repriceAt);
    expect(offered).toEqual(["rejected"]);
    expect(txActions({ status: "rejected", source: "submitted", gasPriceNow: "0.05ucomet" }).repriceAt).toBe("0.05ucomet");
    expect(txActions({ status: "rejected", source: "submitted" }).repriceAt).toBeUndefined();
    expect(txActions({ status: "rejected", source: "chain", gasPriceNow: "0.05ucomet" }).repriceAt).toBeUndefined();
  });
});
