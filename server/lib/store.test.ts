import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { faultyAsyncFiles, gate } from "../../devnet/test/file-faults.js";
import { describeStoreContract, record } from "../test/store-contract.js";
import { withStatus } from "./records.js";
import { HEIGHT_LINE_EVERY, JournalStore, type JournalStoreOptions } from "./store.js";

const dirs: string[] = [];
async function openStore(dir = mkdtempSync(join(tmpdir(), "store-")), options: JournalStoreOptions = {}): Promise<{ store: JournalStore; dir: string }> {
  dirs.push(dir);
  return { store: await JournalStore.open(join(dir, "t.jsonl"), options), dir };
}
const journalLines = (dir: string) => readFileSync(join(dir, "t.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { k: string; v: unknown });
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

describe("JournalStore reads see only durable versions", () => {
  /** A store whose journal syncs wait at a gate the test opens. */
  async function heldStore() {
    let held: ReturnType<typeof gate> | undefined;
    const { store, dir } = await openStore(undefined, { files: faultyAsyncFiles({ beforeSync: () => held?.wait() ?? Promise.resolve() }) });
    return { store, dir, hold: () => (held = gate()), release: () => held?.open() };
  }

  it("shows a record, and counts it as pending, only once its write is fsynced", async () => {
    const { store, hold, release } = await heldStore();
    const held = hold();
    const put = store.put(record(1));
    await held.reached; // written, not yet synced
    expect(store.get(record(1).txHash)).toBeUndefined();
    expect(store.list({ limit: 10 }).items).toEqual([]);
    expect(store.pending()).toEqual([]);
    // Writers see it, so a second transfer cannot take the same nonce meanwhile.
    expect(store.get(record(1).txHash, "accepted")?.nonce).toBe("1");
    expect(store.pending(undefined, undefined, "accepted").map((r) => r.nonce)).toEqual(["1"]);
    release();
    await put;
    expect(store.get(record(1).txHash)?.status).toBe("queued");
    expect(store.pending().map((r) => r.nonce)).toEqual(["1"]);
    await store.close();
  });

  it("chains an update on a version still being written, so no transition is lost", async () => {
    const { store, hold, release } = await heldStore();
    await store.put(record(1));
    const held = hold();
    const hash = record(1).txHash;
    const broadcast = store.update(hash, (r) => (r.status === "queued" ? withStatus(r, "broadcast", "sent") : undefined));
    await held.reached;
    // A cancel decided now sees the broadcast being written, and does nothing.
    expect(await store.update(hash, (r) => (r.status === "queued" ? withStatus(r, "cancelled", undefined) : undefined))).toBeUndefined();
    expect(store.get(hash)?.status).toBe("queued");
    release();
    await broadcast;
    expect(store.get(hash)?.status).toBe("broadcast");
    await store.close();
  });
});

describe("JournalStore's followed height", () => {
  it("writes no line per block while nothing changes, one when records did, and the last on close", async () => {
    const { store, dir } = await openStore();
    for (let h = 1n; h <= 5_000n; h++) await store.setFollowedHeight(h);
    const idle = journalLines(dir).filter((l) => l.k === "height");
    expect(idle.length).toBeLessThanOrEqual(Number(5_000n / HEIGHT_LINE_EVERY) + 1);
    await store.put(record(1));
    await store.setFollowedHeight(5_001n);
    expect(journalLines(dir).at(-1)).toEqual({ k: "height", v: "5001" });
    await store.setFollowedHeight(5_002n);
    expect(journalLines(dir).at(-1)).toEqual({ k: "height", v: "5001" });
    await store.close();
    expect(journalLines(dir).at(-1)).toEqual({ k: "height", v: "5002" });
    const { store: again } = await openStore(dir);
    expect(again.followedHeight()).toBe(5_002n);
    await again.close();
  });

  it("survives a compaction with the records and the height", async () => {
    const { store, dir } = await openStore();
    await store.put(record(1), record(2));
    for (let n = 0; n < 20; n++) await store.update(record(1).txHash, (r) => withStatus(r, r.status === "queued" ? "broadcast" : "queued", undefined));
    await store.setFollowedHeight(77n);
    await store.compact();
    expect(journalLines(dir)).toHaveLength(3);
    expect(store.journalStats().fileBytes).toBe(store.journalStats().liveBytes);
    await store.close();
    const { store: again } = await openStore(dir);
    expect(again.get(record(1).txHash)?.history).toHaveLength(21);
    expect(again.followedHeight()).toBe(77n);
    await again.close();
  });
});
