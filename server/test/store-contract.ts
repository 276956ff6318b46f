import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/errors.js";
import { type TxRecord, withStatus } from "../lib/records.js";
import type { TxStore } from "../lib/tx-store.js";

/** A store under test, and how to open it again on the same data. */
export interface OpenedStore {
  readonly store: TxStore;
  reopen(): Promise<TxStore>;
  close(): Promise<void>;
}

/** A record of nonce `n` from `from` to `to`, created `n` seconds into 2026. */
export function record(n: number, from = "a", to = "b", extra: Partial<TxRecord> = {}): TxRecord {
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
    ...extra,
  };
}

/**
 * What every TxStore promises (server/lib/tx-store.ts), run against each implementation: the
 * journal in the unit suite, PostgreSQL in the `integration-postgres` run.
 */
export function describeStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  const withStore = (test: (opened: OpenedStore) => Promise<void>) => async () => {
    const opened = await open();
    try {
      await test(opened);
    } finally {
      await opened.close();
    }
  };

  describe(`${name}: the TxStore contract`, () => {
    it("lists newest first and pages with a cursor, without gaps or repeats", withStore(async ({ store }) => {
      for (const n of [3, 1, 5, 2, 4]) await store.insert(record(n));
      const first = await store.list({ limit: 2 });
      expect(first.items.map((r) => r.nonce)).toEqual(["5", "4"]);
      const second = await store.list({ limit: 2, cursor: first.nextCursor });
      expect(second.items.map((r) => r.nonce)).toEqual(["3", "2"]);
      const third = await store.list({ limit: 2, cursor: second.nextCursor });
      expect(third.items.map((r) => r.nonce)).toEqual(["1"]);
      expect(third.nextCursor).toBeUndefined();
    }));

    it("breaks ties of the same time by hash, the same way on every store", withStore(async ({ store }) => {
      const at = "2026-01-01T00:00:00.000Z";
      for (const n of [0xa, 0x1, 0xf]) await store.insert(record(n, `s${n}`, "b", { createdAt: at, sortKey: at }));
      const page = await store.list({ limit: 2 });
      expect(page.items.map((r) => r.nonce)).toEqual(["15", "10"]);
      expect((await store.list({ limit: 2, cursor: page.nextCursor })).items.map((r) => r.nonce)).toEqual(["1"]);
    }));

    it("filters by address and status", withStore(async ({ store }) => {
      for (const r of [record(1, "x", "y"), record(2, "y", "z"), record(3, "p", "q")]) await store.insert(r);
      await store.update(record(3).txHash, (r) => withStatus(r, "cancelled", undefined));
      expect((await store.list({ limit: 10, address: "y" })).items.map((r) => r.nonce)).toEqual(["2", "1"]);
      expect((await store.list({ limit: 10, status: "cancelled" })).items.map((r) => r.nonce)).toEqual(["3"]);
      expect((await store.list({ limit: 10, status: "queued", address: "z" })).items.map((r) => r.nonce)).toEqual(["2"]);
      expect((await store.pending()).map((r) => r.nonce).sort()).toEqual(["1", "2"]);
      expect((await store.pending("y")).map((r) => r.nonce)).toEqual(["2"]);
      await store.update(record(2).txHash, (r) => withStatus(r, "broadcast", undefined));
      expect((await store.pending(undefined, "queued")).map((r) => r.nonce)).toEqual(["1"]);
      expect((await store.pending("y", "broadcast")).map((r) => r.nonce)).toEqual(["2"]);
      expect(await store.pending("y", "queued")).toEqual([]);
    }));

    it("inserts once: the same hash again is `exists`, another pending record with the sender's nonce is `nonce_taken`", withStore(async ({ store }) => {
      expect((await store.insert(record(1))).kind).toBe("created");
      expect(await store.insert(record(1))).toMatchObject({ kind: "exists", record: { txHash: record(1).txHash } });
      const rival = record(1, "a", "c", { txHash: "F".repeat(64) });
      expect(await store.insert(rival)).toMatchObject({ kind: "nonce_taken", rival: { txHash: record(1).txHash } });
      // Once the first is final, the nonce is free again; a record the chain settled never holds one.
      await store.update(record(1).txHash, (r) => withStatus(r, "cancelled", undefined));
      expect((await store.insert(rival)).kind).toBe("created");
      expect((await store.insert(record(7, "a", "c", { txHash: "E".repeat(64), nonce: "1", status: "committed", source: "chain" }))).kind).toBe("created");
    }));

    it("lets only one of two racing inserts of a nonce win", withStore(async ({ store }) => {
      const outcomes = await Promise.all([record(1), record(1, "a", "c", { txHash: "F".repeat(64) })].map((r) => store.insert(r)));
      expect(outcomes.map((o) => o.kind).sort()).toEqual(["created", "nonce_taken"]);
    }));

    it("applies an update only when the change function accepts the current version", withStore(async ({ store }) => {
      await store.insert(record(1));
      const hash = record(1).txHash;
      expect(await store.update(hash, (r) => (r.status === "broadcast" ? withStatus(r, "committed", undefined) : undefined))).toBeUndefined();
      expect((await store.update(hash, (r) => withStatus(r, "broadcast", "sent")))?.status).toBe("broadcast");
      expect((await store.get(hash))?.history.map((h) => h.status)).toEqual(["queued", "broadcast"]);
      expect(await store.update("0".repeat(63) + "9", (r) => r)).toBeUndefined();
    }));

    it("lets exactly one of a cancel and a broadcast racing for the same queued record win", withStore(async ({ store }) => {
      for (let n = 1; n <= 20; n++) await store.insert(record(n, `s${n}`));
      const move = (hash: string, to: "cancelled" | "broadcast") => store.update(hash, (r) => (r.status === "queued" ? withStatus(r, to, undefined) : undefined));
      for (let n = 1; n <= 20; n++) {
        const hash = record(n).txHash;
        const [cancel, broadcast] = await Promise.all([move(hash, "cancelled"), move(hash, "broadcast")]);
        expect([cancel, broadcast].filter(Boolean)).toHaveLength(1);
        const final = await store.get(hash);
        expect(final?.history.map((h) => h.status)).toEqual(["queued", final?.status]);
      }
    }));

    it("names the senders with a queued record due, leaving out the records it is told to skip", withStore(async ({ store }) => {
      const held = record(1, "a", "b", { holdUntil: "2026-01-01T00:01:00.000Z" });
      await store.insert(held);
      await store.insert(record(2, "a", "b", { holdUntil: "2026-01-01T00:01:00.000Z" }));
      await store.insert(record(3, "c", "b", { holdUntil: "2026-01-01T00:05:00.000Z" }));
      expect(await store.dueSenders(Date.parse("2026-01-01T00:00:59.000Z"), new Set())).toEqual([]);
      expect(await store.dueSenders(Date.parse("2026-01-01T00:01:00.000Z"), new Set())).toEqual(["a"]);
      expect(await store.dueSenders(Date.parse("2026-01-01T00:02:00.000Z"), new Set([held.txHash, record(2).txHash]))).toEqual([]);
      expect([...(await store.dueSenders(Date.parse("2026-01-01T00:06:00.000Z"), new Set()))].sort()).toEqual(["a", "c"]);
      await store.update(held.txHash, (r) => withStatus(r, "broadcast", undefined));
      await store.update(record(2).txHash, (r) => withStatus(r, "cancelled", undefined));
      expect(await store.dueSenders(Date.parse("2026-01-01T00:02:00.000Z"), new Set())).toEqual([]);
    }));

    it("keeps hostile text exactly: NUL, lone surrogates, bidi overrides, markup", withStore(async ({ store, reopen }) => {
      const memo = "a\u0000b \ud800 \u202Eevil <img src=x onerror=alert(1)> \u{1F600}";
      const hostile = record(1, "a\u0000x", "b", { memo, log: memo, codespace: memo, history: [{ status: "queued", at: "2026-01-01T00:00:01.000Z", detail: memo }] });
      expect((await store.insert(hostile)).kind).toBe("created");
      await store.update(hostile.txHash, (r) => withStatus(r, "rejected", memo));
      const again = await reopen();
      const back = await again.get(hostile.txHash);
      expect(back).toMatchObject({ memo, log: memo, codespace: memo, from: "a\u0000x" });
      expect(back?.history.map((h) => h.detail)).toEqual([memo, memo]);
      expect((await again.list({ limit: 1 })).items[0]?.memo).toBe(memo);
    }));

    it("keeps every record and the followed height across a reopen", withStore(async ({ store, reopen }) => {
      await store.insert(record(1));
      await store.insert(record(2));
      await store.update(record(1).txHash, (r) => withStatus(r, "cancelled", undefined));
      await store.setFollowedHeight(42n);
      const again = await reopen();
      expect((await again.get(record(1).txHash))?.status).toBe("cancelled");
      expect((await again.list({ limit: 10 })).items).toHaveLength(2);
      expect(await again.followedHeight()).toBe(42n);
    }));

    it("refuses a cursor it did not hand out", withStore(async ({ store }) => {
      await expect(async () => store.list({ limit: 1, cursor: "garbage" })).rejects.toThrow(ApiError);
    }));
  });
}
