import { afterAll, describe, expect, inject, it } from "vitest";
import { withStatus } from "./lib/records.js";
import { aminoWallet, call, signTransfer, startTestService, waitFor } from "./test/access-client.js";
import { startRaceNode } from "./test/commit-between-reads.js";
import { createTestStorage, openTestStore, type TestStorage } from "./test/test-storage.js";

/**
 * A final state never changes once reported. After a restart the reconciler asks the node about
 * a transaction it had broadcast; a block that commits it between two of those reads must not
 * make it `expired` for a moment (then `committed` when the follower reads the block).
 */
const info = inject("devnet");
const storages: TestStorage[] = [];
afterAll(async () => {
  for (const s of storages) await s.dispose();
});

describe("the reconciler after a restart", () => {
  it("never reports expired for a transaction a block commits between its two reads", { timeout: 120_000 }, async () => {
    const dir = await createTestStorage();
    storages.push(dir);
    const { wallet, address } = await aminoWallet(info, "erin");
    const alice = info.accounts.find((a) => a.name === "alice")!.address;

    // A transfer the service journalled as broadcast and then lost with its node (a restart
    // before the block): the chain has never seen it.
    const first = await startTestService(info, { holdMs: 600_000 }, dir);
    const body = await signTransfer(first.url, first.token, wallet, { from: address, to: alice, amount: "41" });
    const txHash = String((await call(first.url, first.token, "POST", "/transactions", body)).body.txHash);
    const token = first.token;
    await first.close();
    const { store, close } = await openTestStore(dir);
    const record = (await store.update(txHash, (r) => withStatus(r, "broadcast", "sent to the node with broadcast_tx_sync")))!;
    await close();

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
