import { describe, expect, it } from "vitest";
import { type TxRecord, withStatus } from "./records.js";

const queued: TxRecord = {
  txHash: "A".repeat(64), from: "cosmos1a", to: "cosmos1b", amount: "1ucomet", status: "queued", source: "submitted", nonce: "0", memo: "", fee: "", gas: "1",
  timeoutHeight: "0", createdAt: "2026-01-01T00:00:00.000Z", history: [{ status: "queued", at: "2026-01-01T00:00:00.000Z" }], sortKey: "2026-01-01T00:00:00.000Z", raw: "CgQ=",
};

describe("withStatus", () => {
  it("keeps the signed bytes while the transaction may still be broadcast, and drops them once it is final", () => {
    const broadcast = withStatus(queued, "broadcast", "sent");
    expect(broadcast.raw).toBe("CgQ=");
    expect(withStatus(broadcast, "queued", "the node refused the broadcast").raw).toBe("CgQ=");
    for (const status of ["committed", "failed", "cancelled", "expired", "rejected"] as const) {
      const final = withStatus(broadcast, status, undefined);
      expect(final).not.toHaveProperty("raw");
      expect(final.history.map((h) => h.status)).toEqual(["queued", "broadcast", status]);
    }
  });
});
