import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../storage/problems.js";
import { openOutbox, type StoredSend } from "./outbox.js";

const send = (requestId: string): StoredSend => ({
  requestId, networkId: "devnet", txHash: "A".repeat(64), from: "cosmos1a", to: "cosmos1b", amount: "1ucomet", nonce: "3", state: "signed", createdAt: new Date(0).toISOString(),
  body: { from: "cosmos1a", to: "cosmos1b", amount: "1ucomet", nonce: "3", signature: "c2ln", publicKey: "cHVi" },
});

describe("the outbox file", () => {
  it("keeps signed sends across a reopen until they are confirmed", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-outbox-"));
    const first = openOutbox(dir, createProblemLog());
    first.put(send("one"));
    first.put(send("two"));
    first.update("one", { state: "submitted" });
    const again = openOutbox(dir, createProblemLog());
    expect(again.unconfirmed().map((s) => s.requestId)).toEqual(["two"]);
    expect(again.byRequest("one")?.state).toBe("submitted");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps a damaged file aside and reports it instead of forgetting it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-outbox-"));
    writeFileSync(join(dir, "outbox.json"), "{ not json");
    const problems = createProblemLog();
    expect(openOutbox(dir, problems).list()).toEqual([]);
    expect(problems.list()).toEqual([expect.objectContaining({ file: "outbox.json", reason: "not valid JSON" })]);
    expect(readdirSync(dir).some((f) => f.startsWith("outbox.json.corrupt-"))).toBe(true);
  });
});
