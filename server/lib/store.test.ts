import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeStoreContract, record } from "../test/store-contract.js";
import { withStatus } from "./records.js";
import { JournalStore } from "./store.js";

const dirs: string[] = [];
async function openStore(dir = mkdtempSync(join(tmpdir(), "store-"))): Promise<{ store: JournalStore; dir: string }> {
  dirs.push(dir);
  return { store: await JournalStore.open(join(dir, "t.jsonl")), dir };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describeStoreContract("JournalStore", async () => {
  const dir = mkdtempSync(join(tmpdir(), "store-"));
  dirs.push(dir);
  let store = await JournalStore.open(join(dir, "t.jsonl"));
  return {
    store,
    async reopen() {
      await store.close();
      store = await JournalStore.open(join(dir, "t.jsonl"));
      return store;
    },
    close: () => store.close(),
  };
});

describe("JournalStore when the disk fails", () => {
  it("forgets a record whose write failed, so nothing acts on an unacknowledged transaction", async () => {
    const { store } = await openStore();
    await store.put(record(1));
    await store.close(); // the journal's file handle is closed: every later write fails
    await expect(store.put(record(2))).rejects.toThrow();
    expect(store.get(record(2).txHash)).toBeUndefined();
    expect(store.list({ limit: 10 }).items.map((r) => r.nonce)).toEqual(["1"]);
    await expect(store.update(record(1).txHash, (r) => withStatus(r, "cancelled", undefined))).rejects.toThrow();
    expect(store.get(record(1).txHash)?.status).toBe("queued");
  });
});
