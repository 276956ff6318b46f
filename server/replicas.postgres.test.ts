import { StargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pino from "pino";
import { rpcGet } from "../devnet/test/chain-client.js";
import { migrate } from "./lib/postgres/migrations.js";
import { PgTokens } from "./lib/postgres/pg-tokens.js";
import { createPool } from "./lib/postgres/pool.js";
import { aminoWallet, call, signTransfer, waitFor } from "./test/access-client.js";
import { type ReplicaProcess, startReplica } from "./test/replica-process.js";
import { createTestDatabase } from "./test/test-storage.js";

/**
 * Three replicas on one PostgreSQL database in front of the devnet, each its own process, with
 * the test as the load balancer: requests go round-robin to the replicas alive, and a request a
 * dead replica never answered goes to the next one (an identical resubmission is idempotent).
 */
const info = inject("devnet");
const node = info.nodes[0]!.rpc;
const FINAL = ["committed", "failed", "cancelled", "expired", "rejected"];
let database: { url: string; drop(): Promise<void> };
let token: string;
let chain: StargateClient;
const replicas: (ReplicaProcess | undefined)[] = [];
const started: ReplicaProcess[] = [];

async function start(index: number, holdMs: number): Promise<ReplicaProcess> {
  const replica = await startReplica(node, `r${index}`, ["--port", "0", "--store", database.url, "--hold-ms", String(holdMs), "--rate-limit", "100000", "--rate-burst", "100000", "--poll-ms", "100"]);
  replicas[index] = replica;
  started.push(replica);
  return replica;
}

async function startAll(holdMs: number): Promise<void> {
  for (let i = 0; i < 3; i++) await start(i, holdMs);
}

async function stopAll(): Promise<void> {
  for (const [i, r] of replicas.entries()) {
    if (r) expect(await r.stop(), `replica ${r.id} stops cleanly`).toBe(0);
    replicas[i] = undefined;
  }
}

let turn = 0;
/** A request through "the load balancer": the next live replica, and the one after it when that one does not answer. */
async function lb<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const live = replicas.filter((r): r is ReplicaProcess => r !== undefined);
    const replica = live[turn++ % live.length]!;
    try {
      return { replica: replica.id, ...(await call<T>(replica.url, token, method, path, body)) };
    } catch {
      // connection refused or reset: that replica is gone; the balancer tries another
    }
  }
  throw new Error(`no replica answered ${method} ${path}`);
}

async function health(replica: ReplicaProcess): Promise<{ status: string; replica: string; store: { kind: string; reachable: boolean }; node: { reachable: boolean; leader: boolean } }> {
  return (await call(replica.url, undefined, "GET", "/health")).body as never;
}

beforeAll(async () => {
  database = await createTestDatabase(inject("postgres")!.url);
  const pool = createPool({ url: database.url, replicaId: "test" }, pino({ level: "silent" }));
  await migrate(pool);
  token = (await new PgTokens(pool).create("replicas")).token;
  await pool.end();
  chain = await StargateClient.connect(node);
});
afterAll(async () => {
  for (const r of started) await r.kill();
  chain?.disconnect();
  await database?.drop();
});

describe("three replicas on one database", () => {
  it("commit 200 submissions spread over them exactly once, while the leader is killed with SIGKILL and restarted", { timeout: 300_000 }, async () => {
    await startAll(0);
    // One leader among them, and each says it reaches the database and the node.
    const states = await waitFor("the replicas to settle on a leader", async () => {
      const all = await Promise.all(replicas.map((r) => health(r!)));
      return all.filter((h) => h.node.leader).length === 1 && all.every((h) => h.node.reachable) ? all : undefined;
    }, 30_000);
    for (const h of states) expect(h).toMatchObject({ status: "ok", store: { kind: "postgres", reachable: true } });
    const leaderIndex = states.findIndex((h) => h.node.leader);

    const erin = info.accounts.find((a) => a.name === "erin")!.address;
    const startBalance = BigInt((await chain.getBalance(erin, info.denom)).amount);
    const senders = ["alice", "bob", "carol", "dave"];
    const startSeq = new Map<string, number>();
    const bodies: Record<string, string>[] = [];
    for (const name of senders) {
      const { wallet, address } = await aminoWallet(info, name);
      const { sequence } = await chain.getSequence(address);
      startSeq.set(address, sequence);
      // Signed through the replicas in turn: any of them builds the same sign doc.
      for (let i = 0; i < 50; i++) bodies.push(await signTransfer(replicas[i % 3]!.url, token, wallet, { from: address, to: erin, amount: String(2000 + i), nonce: String(sequence + i) }));
    }

    // Senders interleaved, 32 in flight; after 60 acknowledgements the leader is killed -9, and
    // restarted once 120 are in. A request the dead replica did not answer goes to another.
    const order = [...bodies.keys()].sort((a, b) => (a % 50) - (b % 50) || a - b);
    const acked = new Map<number, { hash: string; by: string }>();
    let next = 0;
    let killedAt: number | undefined;
    let restarting: Promise<ReplicaProcess> | undefined;
    const worker = async (): Promise<void> => {
      while (next < order.length) {
        const i = order[next++]!;
        const answer = await lb("POST", "/transactions", bodies[i]);
        expect([200, 202], JSON.stringify(answer.body)).toContain(answer.status);
        acked.set(i, { hash: String(answer.body.txHash), by: answer.replica });
        if (acked.size >= 60 && killedAt === undefined) {
          killedAt = Date.now();
          const victim = replicas[leaderIndex]!;
          replicas[leaderIndex] = undefined;
          await victim.kill();
        }
        if (acked.size >= 120 && !restarting) restarting = start(leaderIndex, 0);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    await restarting;
    expect(acked.size).toBe(200);

    // Another replica took the lead within seconds, and the restarted one rejoined as a standby.
    const after = await waitFor("one leader again", async () => {
      const all = await Promise.all(replicas.map((r) => health(r!)));
      return all.filter((h) => h.node.leader).length === 1 ? all : undefined;
    }, 30_000);
    expect(after.filter((h) => h.node.leader)).toHaveLength(1);

    await waitFor("all 200 to commit", async () => {
      const answers = await Promise.all([...acked.values()].map(({ hash }) => lb("GET", `/transactions/${hash}`)));
      return answers.every((a) => a.body.status === "committed") ? true : undefined;
    }, 180_000, 500);

    // Exactly once, on chain: each hash included with code 0, each sender's sequence moved by 50,
    // and erin received each amount once.
    for (const { hash } of acked.values()) expect((await chain.getTx(hash))?.code, hash).toBe(0);
    for (const [address, sequence] of startSeq) expect((await chain.getSequence(address)).sequence).toBe(sequence + 50);
    const sent = BigInt(senders.length) * BigInt(Array.from({ length: 50 }, (_, i) => 2000 + i).reduce((a, b) => a + b, 0));
    expect(BigInt((await chain.getBalance(erin, info.denom)).amount) - startBalance).toBe(sent);

    // Every record's history: one acceptance, one commit, never cancelled, and any step back to
    // queued (a node refusing an early nonce) only between broadcasts.
    for (const { hash } of acked.values()) {
      const statuses = ((await lb("GET", `/transactions/${hash}`)).body.history as { status: string }[]).map((h) => h.status);
      expect(statuses[0]).toBe("queued");
      expect(statuses.at(-1)).toBe("committed");
      expect(statuses.filter((s) => s === "committed")).toHaveLength(1);
      expect(statuses.every((s) => ["queued", "broadcast", "committed"].includes(s)), `${hash}: ${statuses.join(" → ")}`).toBe(true);
    }

    // Any replica answers any request the same.
    const sample = [...acked.values()].slice(0, 5).map((a) => a.hash);
    for (const path of [...sample.map((h) => `/transactions/${h}`), `/transactions?limit=100&address=${erin}`, `/accounts/${erin}`, "/rpc/block?height=2", "/info"]) {
      const answers = await Promise.all(replicas.map((r) => call(r!.url, token, "GET", path)));
      for (const a of answers) expect(a.status, path).toBe(200);
      for (const a of answers.slice(1)) expect(a.body, path).toEqual(answers[0]!.body);
    }
    const batch = { jsonrpc: "2.0", id: 1, method: "block", params: { height: "2" } };
    const posted = await Promise.all(replicas.map((r) => call(r!.url, token, "POST", "/rpc", batch)));
    for (const p of posted.slice(1)) expect(p.body).toEqual(posted[0]!.body);
    await stopAll();
  });

  it("end each transaction in exactly one final state when a cancel on one replica races the broadcast of another", { timeout: 300_000 }, async () => {
    const HOLD_MS = 1_000;
    await startAll(HOLD_MS);
    const bob = info.accounts.find((a) => a.name === "bob")!.address;
    // The cancel is sent from well before to well after the window's end, so both outcomes
    // happen, and the ones in between race the queue's 50 ms tick.
    const offsets = [-300, -40, -10, 0, 10, 25, 40, 60, 100, 400];
    const outcomes: { hash: string; cancel: number; final: string; statuses: string[] }[] = [];
    await Promise.all(["alice", "carol", "dave", "erin"].map(async (name, s) => {
      const { wallet, address } = await aminoWallet(info, name);
      for (const [round, offset] of offsets.entries()) {
        const submitOn = replicas[(s + round) % 3]!;
        const cancelOn = replicas[(s + round + 1) % 3]!;
        const body = await signTransfer(submitOn.url, token, wallet, { from: address, to: bob, amount: String(300 + round) });
        const posted = await call(submitOn.url, token, "POST", "/transactions", body);
        expect(posted.status, JSON.stringify(posted.body)).toBe(202);
        const hash = String(posted.body.txHash);
        const at = Date.parse(String(posted.body.holdUntil)) + offset;
        await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
        const cancel = await call(cancelOn.url, token, "DELETE", `/transactions/${hash}`);
        expect([200, 409], JSON.stringify(cancel.body)).toContain(cancel.status);
        const done = await waitFor(`${hash} to be final`, async () => {
          const got = await call(replicas[round % 3]!.url, token, "GET", `/transactions/${hash}`);
          return FINAL.includes(String(got.body.status)) ? got.body : undefined;
        }, 60_000);
        outcomes.push({ hash, cancel: cancel.status, final: String(done.status), statuses: (done.history as { status: string }[]).map((h) => h.status) });
      }
    }));
    for (const o of outcomes) {
      if (o.cancel === 200) {
        // The cancel won: never broadcast, never on chain.
        expect(o, o.hash).toMatchObject({ final: "cancelled", statuses: ["queued", "cancelled"] });
        expect((await rpcGet(node, "tx", { hash: `0x${o.hash}` })).body.error, o.hash).toBeDefined();
      } else {
        // The broadcast won: the cancel was refused, and the transaction went on to the chain.
        expect(o.statuses, o.hash).toContain("broadcast");
        expect(o.statuses, o.hash).not.toContain("cancelled");
        expect(o.final, o.hash).toBe("committed");
        expect((await chain.getTx(o.hash))?.code, o.hash).toBe(0);
      }
    }
    // Both sides of the race were exercised.
    expect(outcomes.filter((o) => o.cancel === 200).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.cancel === 409).length).toBeGreaterThan(0);
    await stopAll();
  });

  it("hold the rate limit and the failed-auth limit across replicas", { timeout: 120_000 }, async () => {
    for (let i = 0; i < 2; i++) replicas[i] = await startReplica(node, `limited${i}`, ["--port", "0", "--store", database.url, "--rate-limit", "1", "--rate-burst", "3"]).then((r) => (started.push(r), r));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(replicas[i % 2]!.url, token, "GET", "/info")).status);
    // Three in all, not three per replica.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(4);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    const guesses: number[] = [];
    for (let i = 0; i < 8; i++) guesses.push((await call(replicas[i % 2]!.url, `cdt_guess${i}`, "GET", "/info")).status);
    expect(guesses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(guesses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    await stopAll();
  });
});
