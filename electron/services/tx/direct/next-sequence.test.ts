import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../../storage/problems.js";
import { openOutbox, type StoredSend } from "../outbox.js";
import { nextSequence } from "./prepare.js";

const from = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const send = (requestId: string, nonce: string, patch: Partial<StoredSend> = {}): StoredSend => ({
  requestId, networkId: "net", txHash: requestId.padEnd(64, "0"), from, to: "", amount: "", nonce, state: "submitted", createdAt: new Date(0).toISOString(),
  direct: { txBytes: "", fee: "", timeoutHeight: "100" }, ...patch,
});

describe("the next sequence of a direct send", () => {
  const outbox = openOutbox(mkdtempSync(join(tmpdir(), "cometdesk-seq-")), createProblemLog());
  outbox.put(send("a", "5"));
  outbox.put(send("b", "6", { state: "signed" }));
  outbox.put(send("c", "9", { state: "abandoned" }));
  outbox.put(send("d", "20", { networkId: "other" }));

  it("follows this app's sends the chain has not included yet, in order", () => {
    expect(nextSequence(outbox, "net", from, 5n, 50n)).toBe(7n);
    expect(nextSequence(outbox, "net", from, 8n, 50n)).toBe(8n); // the chain is past them
  });

  it("does not wait behind a send past its timeout height, nor a refused one", () => {
    expect(nextSequence(outbox, "net", from, 5n, 101n)).toBe(5n);
    expect(nextSequence(outbox, "net", "cosmos1other", 3n, 50n)).toBe(3n);
  });
});
