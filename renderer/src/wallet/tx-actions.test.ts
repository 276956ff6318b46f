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
});
