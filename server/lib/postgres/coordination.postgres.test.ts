import pg from "pg";
import pino from "pino";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../test/test-storage.js";
import { record } from "../../test/store-contract.js";
import { StoreUnavailableError } from "../errors.js";
import { withStatus } from "../records.js";
import { migrate, MIGRATIONS } from "./migrations.js";
import { PgCoordination } from "./pg-coordination.js";
import { PgRateLimit } from "./pg-rate-limit.js";
import { PgStore } from "./pg-store.js";
import { PgTokens } from "./pg-tokens.js";
import { createPool, inTransaction } from "./pool.js";

/**
 * Several replicas on one database, each with its own pool and coordination, as separate
 * processes would have them: the guarantees that make them behave as one service.
 */
const log = pino({ level: "silent" });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function database(): Promise<string> {
  const db = await createTestDatabase(inject("postgres")!.url);
  cleanups.push(db.drop);
  return db.url;
}

/** One replica's view of `url`: its own pool (migrated) and coordination. */
async function replica(url: string, id: string) {
  const pool = createPool({ url, replicaId: id }, log);
  const coordination = new PgCoordination({ url, replicaId: id }, log);
  cleanups.push(async () => {
    await coordination.close();
    await pool.end();
  });
  await migrate(pool);
  return { pool, coordination, store: new PgStore(pool) };
}

/** Ends the server side of every connection `replicaId` holds, as the server does when that process dies. */
async function killSessions(url: string, replicaId: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1", [`cometdesk-access ${replicaId}%`]);
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe("migrations", () => {
  it("are applied once when six replicas start at the same moment", async () => {
    const url = await database();
    const pools = Array.from({ length: 6 }, (_, i) => createPool({ url, replicaId: `m${i}` }, log));
    cleanups.push(async () => void (await Promise.all(pools.map((p) => p.end()))));
    const results = await Promise.all(pools.map((p) => migrate(p)));
    expect(results.flatMap((r) => r.applied)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(new Set(results.map((r) => r.version))).toEqual(new Set([MIGRATIONS.at(-1)!.version]));
    const { rows } = await pools[0]!.query("SELECT version FROM schema_migrations");
    expect(rows).toHaveLength(MIGRATIONS.length);
  });

  it("refuse a schema newer than this version knows", async () => {
    const url = await database();
    const { pool } = await replica(url, "r");
    await pool.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    await expect(migrate(pool)).rejects.toThrow(/schema is at version 999, newer than this service knows/);
  });
});

describe("two replicas on one database", () => {
  it("let exactly one of a cancel on one and a broadcast on the other win, for every transaction", async () => {
    const url = await database();
    const [a, b] = [await replica(url, "a"), await replica(url, "b")];
    const hashes: string[] = [];
    for (let n = 1; n <= 40; n++) {
      await a.store.insert(record(n, `s${n}`));
      hashes.push(record(n).txHash);
    }
    const move = (store: PgStore, hash: string, to: "cancelled" | "broadcast") => store.update(hash, (r) => (r.status === "queued" ? withStatus(r, to, undefined) : undefined));
    const outcomes = await Promise.all(hashes.map((hash, i) => Promise.all(i % 2 ? [move(a.store, hash, "cancelled"), move(b.store, hash, "broadcast")] : [move(b.store, hash, "broadcast"), move(a.store, hash, "cancelled")])));
    for (const [i, pair] of outcomes.entries()) {
      expect(pair.filter(Boolean), hashes[i]).toHaveLength(1);
      const final = await b.store.get(hashes[i]!);
      expect(final?.history.map((h) => h.status)).toEqual(["queued", final?.status]);
    }
  });

  it("accept one pending submission per sender and nonce, whichever replica each lands on", async () => {
    const url = await database();
    const [a, b] = [await replica(url, "a"), await replica(url, "b")];
    const rivals = Array.from({ length: 10 }, (_, i) => record(1, "alice", `to${i}`, { txHash: (0xa0 + i).toString(16).toUpperCase().padStart(64, "0") }));
    const outcomes = await Promise.all(rivals.map((r, i) => (i % 2 ? a : b).store.insert(r)));
    expect(outcomes.filter((o) => o.kind === "created")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "nonce_taken")).toHaveLength(9);
  });

  it("elect one leader, and hand the lead to the other within one pass when the leader's process dies", async () => {
    const url = await database();
    const [a, b] = [await replica(url, "a"), await replica(url, "b")];
    expect(await a.coordination.isLeader()).toBe(true);
    expect(await b.coordination.isLeader()).toBe(false);
    expect(await a.coordination.isLeader()).toBe(true);
    expect(await killSessions(url, "a")).toBeGreaterThan(0);
    // The server frees the lock once the killed backend has exited: a pass or two later.
    await expect.poll(() => b.coordination.isLeader(), { timeout: 5_000, interval: 50 }).toBe(true);
    // The old leader finds out at its next pass (its session is gone), and does not lead beside the new one.
    expect(await a.coordination.isLeader().catch(() => false)).toBe(false);
    expect(await a.coordination.isLeader()).toBe(false);
    // A clean stop hands over too.
    await b.coordination.close();
    await expect.poll(() => a.coordination.isLeader(), { timeout: 5_000, interval: 50 }).toBe(true);
  });

  it("work a sender's queue on one replica at a time, skipping it (not waiting) elsewhere, and free it when that replica dies", async () => {
    const url = await database();
    const [a, b] = [await replica(url, "a"), await replica(url, "b")];
    const held = gate();
    const entered = gate();
    const first = a.coordination.withSender("alice", async () => {
      entered.open();
      await held.wait;
    });
    await entered.wait;
    let ran = false;
    expect(await b.coordination.withSender("alice", async () => void (ran = true))).toBe(false);
    expect(ran).toBe(false);
    expect(await b.coordination.withSender("bob", async () => void (ran = true))).toBe(true);
    expect(ran).toBe(true);
    await killSessions(url, "a"); // the process holding alice dies mid-pass
    await expect.poll(() => b.coordination.withSender("alice", async () => {}), { timeout: 5_000, interval: 50 }).toBe(true);
    held.open();
    await first;
  });

  it("share one rate bucket: a burst of 3 at 1 a second is 3 requests in all, not 3 each", async () => {
    const url = await database();
    const [a, b, c] = [await replica(url, "a"), await replica(url, "b"), await replica(url, "c")];
    const limits = [a, b, c].map((r) => new PgRateLimit(r.pool, 1, 3));
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) waits.push(await limits[i % 3]!.take("token-1"));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits.slice(3).every((w) => w >= 1)).toBe(true);
    // Another key has its own bucket.
    expect(await limits[1]!.take("token-2")).toBe(0);
  });

  it("see a token created or revoked on the other at once after a reload, and within a second without one", async () => {
    const url = await database();
    const [a, b] = [await replica(url, "a"), await replica(url, "b")];
    const [ta, tb] = [new PgTokens(a.pool), new PgTokens(b.pool)];
    expect(await tb.verify("cdt_nothing")).toBeUndefined();
    const { token, entry } = await ta.create("ops");
    tb.reload();
    expect((await tb.verify(token))?.id).toBe(entry.id);
    expect(await ta.revoke("ops")).toBe(1);
    await expect.poll(async () => tb.verify(token), { timeout: 3_000, interval: 100 }).toBeUndefined();
    expect((await tb.entries()).map((e) => [e.name, e.revokedAt !== undefined])).toEqual([["ops", true]]);
  });
});

describe("a connection that drops in the middle of a transaction", () => {
  it("fails that transaction as unavailable (a 503), and does not end the process", async () => {
    const url = await database();
    const { pool } = await replica(url, "mid");
    const attempt = inTransaction(pool, async (client) => {
      await client.query("SELECT 1");
      const ended = new Promise((resolve) => client.once("end", resolve));
      await killSessions(url, "mid"); // between two statements: the client is idle, checked out
      await ended;
      await client.query("SELECT 2");
    });
    await expect(attempt).rejects.toBeInstanceOf(StoreUnavailableError);
    // The pool replaced the broken connection.
    expect((await pool.query("SELECT 3 AS n")).rows).toEqual([{ n: 3 }]);
  });
});

describe("a database that cannot be reached", () => {
  it("is a StoreUnavailableError (a 503), never a crash or a 500", async () => {
    const pool = createPool({ url: "postgres://nobody@127.0.0.1:1/none", replicaId: "gone" }, log);
    cleanups.push(() => pool.end());
    const store = new PgStore(pool);
    await expect(store.get("A".repeat(64))).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.insert(record(1))).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(new PgTokens(pool).verify("cdt_x")).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(new PgRateLimit(pool, 1, 1).take("k")).rejects.toBeInstanceOf(StoreUnavailableError);
    const coordination = new PgCoordination({ url: "postgres://nobody@127.0.0.1:1/none", replicaId: "gone" }, log);
    await expect(coordination.isLeader()).rejects.toBeInstanceOf(StoreUnavailableError);
    await coordination.close();
  });
});
