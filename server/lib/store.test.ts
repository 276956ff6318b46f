import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./errors.js";
import { type TxRecord, withStatus } from "./records.js";
import { JournalStore } from "./store.js";

const dirs: string[] = [];
async function openStore(dir = mkdtempSync(join(tmpdir(), "store-"))): Promise<{ store: JournalStore; dir: string }> {
  dirs.push(dir);
  return { store: await JournalStore.open(join(dir, "t.jsonl")), dir };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function record(n: number, from = "a", to = "b"): TxRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return {
    txHash: n.toString(16).toUpperCase().padStart(64, "0"),
    from,
    to,
    amount: `${n}ucomet`,
    status: "queued",
    source: "submitted",
    nonce: String(n),
    memo: "",
    fee: "",
    gas: "1",
    timeoutHeight: "0",
    createdAt: at,
    history: [{ status: "queued", at }],
    sortKey: at,
  };
}

describe("JournalStore", () => {
  it("lists newest first and pages with a cursor, without gaps or repeats", async () => {
    const { store } = await openStore();
    await store.put(...[3, 1, 5, 2, 4].map((n) => record(n)));
    const first = store.list({ limit: 2 });
    expect(first.items.map((r) => r.nonce)).toEqual(["5", "4"]);
    const second = store.list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((r) => r.nonce)).toEqual(["3", "2"]);
    const third = store.list({ limit: 2, cursor: second.nextCursor });
    expect(third.items.map((r) => r.nonce)).toEqual(["1"]);
    expect(third.nextCursor).toBeUndefined();
    await store.close();
  });

  it("filters by address and status", async () => {
    const { store } = await openStore();
    await store.put(record(1, "x", "y"), record(2, "y", "z"), record(3, "p", "q"));
    await store.update(record(3).txHash, (r) => withStatus(r, "cancelled", undefined));
    expect(store.list({ limit: 10, address: "y" }).items.map((r) => r.nonce)).toEqual(["2", "1"]);
    expect(store.list({ limit: 10, status: "cancelled" }).items.map((r) => r.nonce)).toEqual(["3"]);
    expect(store.pending().map((r) => r.nonce).sort()).toEqual(["1", "2"]);
    await store.close();
  });

  it("applies an update only when the change function accepts the current version", async () => {
    const { store } = await openStore();
    await store.put(record(1));
    const hash = record(1).txHash;
    expect(await store.update(hash, (r) => (r.status === "broadcast" ? withStatus(r, "committed", undefined) : undefined))).toBeUndefined();
    expect((await store.update(hash, (r) => withStatus(r, "broadcast", "sent")))?.status).toBe("broadcast");
    expect(store.get(hash)?.history.map((h) => h.status)).toEqual(["queued", "broadcast"]);
    await store.close();
  });

  it("keeps the last version of each record and the followed height across a reopen", async () => {
    const { store, dir } = await openStore();
    await store.put(record(1), record(2));
    await store.update(record(1).txHash, (r) => withStatus(r, "cancelled", undefined));
    await store.setFollowedHeight(42n);
    await store.close();
    const { store: again } = await openStore(dir);
    expect(again.get(record(1).txHash)?.status).toBe("cancelled");
    expect(again.list({ limit: 10 }).items).toHaveLength(2);
    expect(again.followedHeight()).toBe(42n);
    await again.close();
  });

  it("refuses a cursor it did not hand out", async () => {
    const { store } = await openStore();
    expect(() => store.list({ limit: 1, cursor: "garbage" })).toThrow(ApiError);
    await store.close();
  });
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
