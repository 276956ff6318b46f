import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBase64 } from "@cosmjs/encoding";
import { StargateClient } from "@cosmjs/stargate";
import { afterAll, describe, expect, inject, it } from "vitest";
import { NodeClient } from "./lib/node-client.js";
import { withStatus } from "./lib/records.js";
import { JournalStore } from "./lib/store.js";
import { dataPaths } from "./service.js";
import { aminoWallet, call, signTransfer, startTestService, waitFor, waitForStatus } from "./test/access-client.js";

/** A restart resumes queued transactions and reconciles broadcast ones by hash. */
const info = inject("devnet");
const bob = info.accounts.find((a) => a.name === "bob")!.address;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-restart-"));
  dirs.push(dir);
  return dir;
}

describe("a restart", () => {
  it("broadcasts a transaction that was still held when the service stopped", async () => {
    const dir = dataDir();
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
    const dir = dataDir();
    const first = await startTestService(info, { holdMs: 600_000 }, dir);
    const { wallet, address } = await aminoWallet(info, "carol");
    const body = await signTransfer(first.url, first.token, wallet, { from: address, to: bob, amount: "22" });
    const txHash = String((await call(first.url, first.token, "POST", "/transactions", body)).body.txHash);
    await first.close();

    // As if the service had sent it and died before seeing the block: the journal says broadcast,
    // the chain has it, and the followed height is already past its block.
    const node = new NodeClient(info.nodes[0]!.rpc, 5_000);
    const store = await JournalStore.open(dataPaths(dir).journal);
    const record = store.get(txHash)!;
    await store.put(withStatus(record, "broadcast", "sent to the node with broadcast_tx_sync"));
    expect((await node.broadcastTxSync(fromBase64(record.raw!))).code).toBe(0);
    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const included = await waitFor("the block", async () => (await chain.getTx(txHash)) ?? undefined);
    chain.disconnect();
    await store.setFollowedHeight(BigInt(included.height));
    await store.close();

    const second = await startTestService(info, { holdMs: 0 }, dir);
    try {
      const done = await waitForStatus(second.url, second.token, txHash, ["committed", "failed", "expired", "rejected"]);
      expect(done).toMatchObject({ status: "committed", height: String(included.height), code: 0 });
    } finally {
      await second.dispose();
    }
  });
});
