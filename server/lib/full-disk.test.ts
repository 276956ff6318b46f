import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useSmallDisk } from "../../devnet/test/small-disk.js";
import { StorageError } from "./errors.js";
import { type TxRecord, withStatus } from "./records.js";
import { JournalStore } from "./store.js";
import { TokenFile } from "./tokens.js";

/**
 * The journal and the tokens on a really full disk (a small tmpfs): the kernel answers a write
 * with a short count when part of it fits, then ENOSPC. Nothing that was not written whole is
 * acknowledged, the file still reads back, and the error says what happened.
 */
const { skip, disk } = useSmallDisk(1 << 20);

function record(n: number): TxRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return {
    txHash: n.toString(16).toUpperCase().padStart(64, "0"), from: "cosmos1sender", to: "cosmos1recipient", amount: `${n}ucomet`, status: "queued", source: "submitted",
    nonce: String(n), memo: "m".repeat(200), fee: "500ucomet", gas: "200000", timeoutHeight: "0", createdAt: at, history: [{ status: "queued", at }], sortKey: at, raw: "A".repeat(300),
  };
}

describe.skipIf(skip !== undefined)(`the access service's files on a full disk${skip ? ` (skipped: ${skip})` : ""}`, () => {

  it("refuses an append the disk takes only part of, shows nothing of it, and still reads back", async () => {
    const d = disk();
    const path = join(d.dir, "transactions.jsonl");
    const store = await JournalStore.open(path);
    await store.put(...Array.from({ length: 50 }, (_, i) => record(i + 1)));
    const before = readFileSync(path);

    d.fill(4096); // the batch below is larger: 4096 bytes go in, then the disk is full
    const batch = Array.from({ length: 20 }, (_, i) => record(100 + i));
    const error = await store.put(...batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code: "ENOSPC", message: "could not append to transactions.jsonl: the disk is full (ENOSPC)" });
    expect(readFileSync(path).equals(before)).toBe(true); // the part written was cut off again
    expect(store.get(record(100).txHash)).toBeUndefined();
    expect(store.list({ limit: 100 }).items).toHaveLength(50);

    d.unfill();
    await store.put(record(200));
    await store.close();
    const again = await JournalStore.open(path);
    expect(again.list({ limit: 100 }).items.map((r) => r.nonce)).toEqual(["200", ...Array.from({ length: 50 }, (_, i) => String(50 - i))]);
    await again.close();
  });

  it("keeps the journal whole when a compaction meets a full disk", async () => {
    const d = disk();
    const path = join(d.dir, "compact.jsonl");
    const errors: StorageError[] = [];
    const store = await JournalStore.open(path, { compactAt: { ratio: 100, minBytes: 1 << 30 }, onCompactionError: (e) => errors.push(e) });
    await store.put(...Array.from({ length: 30 }, (_, i) => record(i + 1)));
    for (let i = 1; i <= 30; i++) await store.update(record(i).txHash, (r) => withStatus(r, "cancelled", "by its submitter"));
    const before = readFileSync(path);

    d.fill(4096);
    await expect(store.compact()).rejects.toMatchObject({ code: "ENOSPC", message: expect.stringMatching(/^could not compact compact\.jsonl: the disk is full/) });
    expect(errors).toHaveLength(1);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}.tmp`)).toBe(false);

    d.unfill();
    await store.compact();
    await store.close();
    const again = await JournalStore.open(path);
    expect(again.list({ limit: 100, status: "cancelled" }).items).toHaveLength(30);
    await again.close();
  });

  it("keeps tokens.json whole when the disk is full, and prints no token it did not store", () => {
    const d = disk();
    const path = join(d.dir, "tokens", "tokens.json");
    const tokens = new TokenFile(path);
    const issued = Array.from({ length: 30 }, (_, i) => tokens.create(`operator-${i}`).token);
    const before = readFileSync(path);
    expect(before.length).toBeGreaterThan(4096);

    d.fill(4096);
    expect(() => tokens.create("one-more")).toThrow(StorageError);
    d.fill(0);
    expect(() => tokens.revoke("operator-0")).toThrow(/^could not write tokens\.json: the disk is full \(ENOSPC\)$/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(join(d.dir, "tokens"))).toEqual(["tokens.json"]);
    tokens.reload();
    expect(issued.every((t) => tokens.verify(t) !== undefined)).toBe(true);
    d.unfill();
  });
});
