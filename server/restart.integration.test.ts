import { fromBase64 } from "@cosmjs/encoding";
import { StargateClient } from "@cosmjs/stargate";
import { afterAll, describe, expect, inject, it } from "vitest";
import { NodeClient } from "./lib/node-client.js";
import { withStatus } from "./lib/records.js";
import { aminoWallet, call, signTransfer, startTestService, waitFor, waitForStatus } from "./test/access-client.js";
import { createTestStorage, openTestStore, type TestStorage } from "./test/test-storage.js";

/** A restart resumes queued transactions and reconciles broadcast ones by hash. */
const info = inject("devnet");
const bob = info.accounts.find((a) => a.name === "bob")!.address;
const storages: TestStorage[] = [];
afterAll(async () => {
  for (const s of storages) await s.dispose();
});
/** Storage that outlives one service, as a data folder (or a database) outlives a restart. */
async function storage(): Promise<TestStorage> {
  const created = await createTestStorage();
  storages.push(created);
  return created;
}

describe("a restart", () => {
  it("broadcasts a transaction that was still held when the service stopped", async () => {
    const dir = await storage();
    const first = await startTestService(info, { holdMs: 1_500 }, dir);
    const { wallet, address } = await aminoWallet(info, "dave");
    const body = await signTransfer(first.url, first.token, wallet, { from: address, to: bob, amount: "21" });
    const txHash = String((await call(first.url, first.token, "POST", "/transactions", body)).body.txHash);
    await first.close(); // inside the window: nothing was sent

    const second = await startTestService(info, { holdMs: 1_500 }, dir);
    try {
      const done = await waitForStatus(second.url, second.token, txHash, ["committed", "rejected", "expired"]);
      expect(done.status).toBe("committed");
    } finally {
      await second.dispose();
    }
  });

  it("settles a transaction it had broadcast by asking the node for its hash", async () => {
    const dir = await storage();
    const first = await startTestService(info, { holdMs: 600_000 }, dir);
    const { wallet, address } = await aminoWallet(info, "carol");
    const body = await signTransfer(first.url, first.token, wallet, { from: address, to: bob, amount: "22" });
    const txHash = String((await call(first.url, first.token, "POST", "/transactions", body)).body.txHash);
    await first.close();

    // As if the service had sent it and died before seeing the block: the store says broadcast,
    // the chain has it, and the followed height is already past its block.
    const node = new NodeClient(info.nodes[0]!.rpc, 5_000);
    const { store, close } = await openTestStore(dir);
    const record = (await store.update(txHash, (r) => withStatus(r, "broadcast", "sent to the node with broadcast_tx_sync")))!;
    expect((await node.broadcastTxSync(fromBase64(record.raw!))).code).toBe(0);
    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const included = await waitFor("the block", async () => (await chain.getTx(txHash)) ?? undefined);
    chain.disconnect();
    await store.setFollowedHeight(BigInt(included.height));
    await close();

    const second = await startTestService(info, { holdMs: 0 }, dir);
    try {
      const done = await waitForStatus(second.url, second.token, txHash, ["committed", "failed", "expired", "rejected"]);
      expect(done).toMatchObject({ status: "committed", height: String(included.height), code: 0 });
    } finally {
      await second.dispose();
    }
  });
});
