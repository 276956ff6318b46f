import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withStatus } from "./lib/records.js";
import { JournalStore } from "./lib/store.js";
import { dataPaths } from "./service.js";
import { aminoWallet, call, signTransfer, startTestService, waitFor } from "./test/access-client.js";
import { startRaceNode } from "./test/commit-between-reads.js";

/**
 * A final state never changes once reported. After a restart the reconciler asks the node about
 * a transaction it had broadcast; a block that commits it between two of those reads must not
 * make it `expired` for a moment (then `committed` when the follower reads the block).
 */
const info = inject("devnet");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("the reconciler after a restart", () => {
  it("never reports expired for a transaction a block commits between its two reads", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-final-"));
    dirs.push(dir);
    const { wallet, address } = await aminoWallet(info, "erin");
    const alice = info.accounts.find((a) => a.name === "alice")!.address;

    // A transfer the service journalled as broadcast and then lost with its node (a restart
    // before the block): the chain has never seen it.
    const first = await startTestService(info, { holdMs: 600_000 }, dir);
    const body = await signTransfer(first.url, first.token, wallet, { from: address, to: alice, amount: "41" });
    const txHash = String((await call(first.url, first.token, "POST", "/transactions", body)).body.txHash);
    const token = first.token;
    await first.close();
    const store = await JournalStore.open(dataPaths(dir).journal);
    const record = store.get(txHash)!;
    await store.put(withStatus(record, "broadcast", "sent to the node with broadcast_tx_sync"));
    await store.close();

    const race = await startRaceNode(info.nodes[0]!.rpc, { txHash, sender: address, raw: record.raw! });
    const second = await startTestService({ ...info, nodes: [{ ...info.nodes[0]!, rpc: race.url }] }, { holdMs: 0 }, dir);
    try {
      const seen: string[] = [];
      const final = await waitFor("a final state", async () => {
        const { body: tx } = await call(second.url, token, "GET", `/transactions/${txHash}`);
        seen.push(String(tx.status));
        return ["committed", "failed", "expired", "rejected"].includes(String(tx.status)) ? tx : undefined;
      }, 60_000, 50);
      // The race did happen: a block committed it after the reconciler's first read.
      expect(["tx", "account"]).toContain(await race.raced);
      const height = await race.committedAt;
      expect(final).toMatchObject({ status: "committed", height: String(height), code: 0 });
      // Never anything else on the way, and nothing else in its history.
      expect(seen.filter((s) => s !== "broadcast" && s !== "committed")).toEqual([]);
      expect((final.history as Array<{ status: string }>).map((h) => h.status)).toEqual(["queued", "broadcast", "committed"]);
      // Some time later, it still says so.
      const again = await call(second.url, token, "GET", `/transactions/${txHash}`);
      expect(again.body.status).toBe("committed");
    } finally {
      await second.dispose();
      await race.close();
    }
  });
});
