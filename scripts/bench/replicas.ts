/**
 * The access service on each store, side by side in one run: one replica on the journal, one
 * on PostgreSQL, and two on the same PostgreSQL database, each in its own process in front of
 * the bench's devnet. The list under load (autocannon) and submissions accepted per second.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Secp256k1HdWallet } from "@cosmjs/amino";
import { StargateClient } from "@cosmjs/stargate";
import pino from "pino";
import { type CpuGroup, cpuBetween, cpuSnapshot } from "../../server/bench/cpu.js";
import { load, type LoadFigures, loadCommand, postEach } from "../../server/bench/load.js";
import { migrate } from "../../server/lib/postgres/migrations.js";
import { PgTokens } from "../../server/lib/postgres/pg-tokens.js";
import { createPool } from "../../server/lib/postgres/pool.js";
import { transferSignDoc } from "../../server/lib/sign-doc.js";
import { TokenFile } from "../../server/lib/tokens.js";
import { dataPaths } from "../../server/service.js";
import { startPostgres } from "../../server/test/postgres-server.js";
import { type ReplicaProcess, startReplica } from "../../server/test/replica-process.js";
import { createTestDatabase } from "../../server/test/test-storage.js";
import type { Section } from "./section.js";
import { median } from "./stats.js";
import type { BenchWorld } from "./world.js";

export interface ReplicasOptions {
  readonly durationS: number;
  readonly connections: number;
  /** Signed transfers submitted per case and run. */
  readonly submissions: number;
  /** PostgreSQL's port (loopback). */
  readonly pgPort: number;
  /** The first of the replicas' ports; they take three from here. */
  readonly basePort: number;
}

interface Case {
  readonly name: string;
  readonly urls: readonly string[];
  readonly token: string;
  /** The case's replica processes, for CPU accounting. */
  readonly pids: readonly number[];
}

interface Figures {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
}

/** Where the CPU time of a run went, per request (ms), by process group. */
type CpuPerRequest = Record<string, number>;
const CPU_GROUPS = ["replicas", "idle replicas", "PostgreSQL", "node", "client"] as const;

/** Runs `work` (which makes `requests(result)` requests) and returns its result with the CPU milliseconds per request of each group. */
async function measured<T>(groups: readonly CpuGroup[], work: () => Promise<T>, requests: (result: T) => number): Promise<{ result: T; cpu: CpuPerRequest }> {
  const before = cpuSnapshot(groups);
  const result = await work();
  const used = cpuBetween(before, cpuSnapshot(groups));
  const n = Math.max(1, requests(result));
  return { result, cpu: Object.fromEntries(groups.map((g) => [g.name, ((used.get(g.name) ?? 0) * 1000) / n])) };
}

/** Splits `connections` over `urls` and loads them at once: total req/s, and the worst p50 and p99. */
async function loadAll(urls: readonly string[], token: string, connections: number, durationS: number, path: string): Promise<Figures> {
  const each = Math.max(1, Math.floor(connections / urls.length));
  const results: LoadFigures[] = await Promise.all(urls.map((url) => load({ url: `${url}${path}`, token, connections: each, durationS })));
  for (const r of results) if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
  return { reqPerSec: results.reduce((s, r) => s + r.reqPerSec, 0), p50: Math.max(...results.map((r) => r.p50Ms)), p99: Math.max(...results.map((r) => r.p99Ms)) };
}

/** Posts `bodies` spread over `urls` (split evenly, `connections` in all): accepted per second, and the worst p50 and p99. */
async function submitAll(urls: readonly string[], token: string, connections: number, bodies: readonly string[]): Promise<Figures> {
  const each = Math.max(1, Math.floor(connections / urls.length));
  const shares = urls.map((_, i) => bodies.filter((_, j) => j % urls.length === i));
  const started = Date.now();
  const results = await Promise.all(urls.map((url, i) => postEach(`${url}/transactions`, token, shares[i]!, each)));
  const seconds = (Date.now() - started) / 1000;
  for (const r of results) if (r.non2xx > 0 || r.errors > 0) throw new Error(`submissions: ${JSON.stringify(r.statuses)} and ${r.errors} errors`);
  return { reqPerSec: bodies.length / seconds, p50: Math.max(...results.map((r) => r.p50Ms)), p99: Math.max(...results.map((r) => r.p99Ms)) };
}

/** `count` transfers signed up front, spread over the devnet's accounts, with nonces from `firstNonce` on (above the chain's, so they wait: the hold window keeps them from the node anyway). */
async function signTransfers(w: BenchWorld, count: number, nonceOffset: number): Promise<string[]> {
  const chain = await StargateClient.connect(w.rpc);
  try {
    const accounts = w.info.accounts;
    const signers = await Promise.all(accounts.map(async (a) => ({ address: a.address, wallet: await Secp256k1HdWallet.fromMnemonic(a.mnemonic, { prefix: w.info.bech32Prefix }), account: (await chain.getAccount(a.address))! })));
    const bodies: string[] = [];
    for (let i = 0; i < count; i++) {
      const s = signers[i % signers.length]!;
      const to = accounts[(i + 1) % accounts.length]!.address;
      const nonce = BigInt(s.account.sequence) + BigInt(nonceOffset) + BigInt(Math.floor(i / signers.length));
      const fee = { amount: 500n, denom: w.info.denom };
      const doc = transferSignDoc({ from: s.address, to, amount: { amount: 1n, denom: w.info.denom }, nonce, memo: "", fee, gas: 200_000n, timeoutHeight: 0n }, w.info.chainId, BigInt(s.account.accountNumber));
      const { signature } = await s.wallet.signAmino(s.address, doc);
      bodies.push(JSON.stringify({ from: s.address, to, amount: `1${w.info.denom}`, nonce: nonce.toString(), fee: `500${w.info.denom}`, gas: "200000", signature: signature.signature }));
    }
    return bodies;
  } finally {
    chain.disconnect();
  }
}

export function replicasSection(o: ReplicasOptions): Section {
  return {
    id: "replicas",
    heading: "Access service: journal and PostgreSQL replicas",
    async run(ctx) {
      const w = await ctx.world();
      const log = pino({ level: "silent" });
      const stops: (() => Promise<unknown>)[] = [];
      const stopAll = async () => {
        for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
      };
      try {
        const server = await startPostgres(o.pgPort);
        stops.push(async () => server.stop());
        const database = await createTestDatabase(server.url);
        const pool = createPool({ url: database.url, replicaId: "bench" }, log);
        await migrate(pool);
        const pgToken = (await new PgTokens(pool).create("bench")).token;
        const version = String((await pool.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?").split(" ")[0];
        await pool.end();
        const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-journal-"));
        stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        const journalToken = new TokenFile(dataPaths(dataDir).tokens).create("bench").token;
        // A long hold window: submissions are accepted and stored, never sent, so the node's
        // mempool and the queue stay out of the figures.
        const common = ["--hold-ms", "600000", "--rate-limit", "1000000000", "--rate-burst", "1000000000", "--log-level", "info"];
        const start = async (id: string, port: number, store: string[]): Promise<ReplicaProcess> => {
          const replica = await startReplica(w.rpc, id, ["--port", String(port), ...store, ...common]);
          stops.push(() => replica.stop());
          return replica;
        };
        const journal = await start("journal", o.basePort, ["--data-dir", dataDir, "--store", "journal"]);
        const pg1 = await start("pg-1", o.basePort + 1, ["--store", database.url]);
        const pg2 = await start("pg-2", o.basePort + 2, ["--store", database.url]);
        // Each store learns the seeded transfers by backfilling the chain, so each lists the same records.
        for (const [url, token] of [[journal.url, journalToken], [pg1.url, pgToken]] as const) {
          const deadline = Date.now() + 120_000;
          for (;;) {
            const body = (await (await fetch(`${url}/transactions?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { transactions: unknown[] };
            if (body.transactions.length >= Math.min(100, w.seeded)) break;
            if (Date.now() > deadline) throw new Error(`${url} did not backfill the seeded transfers within 120 s`);
            await new Promise((r) => setTimeout(r, 500));
          }
        }
        const pid = (r: ReplicaProcess) => r.child.pid ?? -1;
        const cases: Case[] = [
          { name: "1 replica, journal", urls: [journal.url], token: journalToken, pids: [pid(journal)] },
          { name: "1 replica, PostgreSQL", urls: [pg1.url], token: pgToken, pids: [pid(pg1)] },
          { name: "2 replicas, PostgreSQL", urls: [pg1.url, pg2.url], token: pgToken, pids: [pid(pg1), pid(pg2)] },
        ];
        const replicaPids = [journal, pg1, pg2].map(pid);
        const postmaster = server.pid();
        const groupsOf = (c: Case): CpuGroup[] => [
          { name: "replicas", member: (p) => c.pids.includes(p.pid) },
          { name: "idle replicas", member: (p) => replicaPids.includes(p.pid) && !c.pids.includes(p.pid) },
          { name: "PostgreSQL", member: (p) => p.pid === postmaster || p.ppid === postmaster },
          { name: "node", member: (p) => p.cmdline.includes(".devnet-bench") && p.cmdline.includes("simd") },
          { name: "client", member: (p) => p.pid === process.pid },
        ];
        for (const c of cases) await loadAll(c.urls, c.token, o.connections, 2, "/transactions?limit=10"); // warm-up
        const lists = cases.map(() => [] as Figures[]);
        const submits = cases.map(() => [] as Figures[]);
        const listCpu = cases.map(() => [] as CpuPerRequest[]);
        const submitCpu = cases.map(() => [] as CpuPerRequest[]);
        for (let run = 0; run < ctx.runs; run++) {
          for (const [i, c] of cases.entries()) {
            console.log(`replicas: run ${run + 1}/${ctx.runs}, ${c.name}`);
            const list = await measured(groupsOf(c), () => loadAll(c.urls, c.token, o.connections, o.durationS, "/transactions?limit=10"), (f) => f.reqPerSec * o.durationS);
            lists[i]!.push(list.result);
            listCpu[i]!.push(list.cpu);
            // Nonces far above the chain's, distinct per case and run (two cases share one database).
            const bodies = await signTransfers(w, o.submissions, 1000 + (run * cases.length + i) * o.submissions);
            const submit = await measured(groupsOf(c), () => submitAll(c.urls, c.token, o.connections, bodies), () => bodies.length);
            submits[i]!.push(submit.result);
            submitCpu[i]!.push(submit.cpu);
          }
        }
        const cpuMedian = (xs: CpuPerRequest[]) => Object.fromEntries(CPU_GROUPS.map((g) => [g, median(xs.map((x) => x[g] ?? 0))]));
        const cpuRow = (c: Case, x: CpuPerRequest) => {
          const total = CPU_GROUPS.reduce((sum, g) => sum + (x[g] ?? 0), 0);
          return `| ${c.name} | ${CPU_GROUPS.map((g) => (x[g] ?? 0).toFixed(3)).join(" | ")} | **${total.toFixed(3)}** | ${Math.round(2000 / total)} |`;
        };
        const cpuTable = (rows: CpuPerRequest[]) => `| case | ${CPU_GROUPS.join(" | ")} | total | ceiling on 2 cores (req/s) |
|---|${CPU_GROUPS.map(() => "---:").join("|")}|---:|---:|
${cases.map((c, i) => cpuRow(c, rows[i]!)).join("\n")}`;
        const med = (xs: Figures[]) => ({ reqPerSec: median(xs.map((x) => x.reqPerSec)), p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)) });
        const listRows = lists.map(med);
        const submitRows = submits.map(med);
        const scaleList = listRows[2]!.reqPerSec / listRows[1]!.reqPerSec;
        const scaleSubmit = submitRows[2]!.reqPerSec / submitRows[1]!.reqPerSec;
        const row = (c: Case, f: Figures) => `| ${c.name} | ${Math.round(f.reqPerSec)} | ${f.p50} | ${f.p99} |`;
        const body = `Each replica is its own process started as an operator starts it (\`npm run server -- --node … --store …\`,
hold window 10 min so that submissions are stored but never sent, rate limit raised), in front of
the bench's single-validator devnet; PostgreSQL ${version} runs from Debian's package in a temporary
folder (default settings, \`fsync\` on). Both stores first backfill the ${w.seeded} transfers seeded
on chain, so they list the same records. Two replicas get half the connections each (the load
balancer's part is played by the client); their req/s are added, and their p50 and p99 are the
worse of the two. Client, replicas, PostgreSQL and the node share the machine's two cores. Each
figure is the median of ${ctx.runs} runs; the cases alternate within each run.

## \`GET /transactions?limit=10\`, ${o.connections} connections, ${o.durationS} s

| case | req/s | p50 (ms) | p99 (ms) |
|---|---:|---:|---:|
${cases.map((c, i) => row(c, listRows[i]!)).join("\n")}

Where the CPU went, in milliseconds of CPU time per request (user + system, read from \`/proc\`,
medians over the runs; *idle replicas* are the other cases' replicas, still polling; *client* is
autocannon in the bench's process; a database backend that closed during a run is not counted,
so the PostgreSQL column is a lower bound). Two cores give 2,000 ms of CPU a second, so the last column
is the most this machine could serve with that mix even if nothing else ran:

${cpuTable(listCpu.map(cpuMedian))}

Two PostgreSQL replicas serve **${scaleList.toFixed(2)}×** one. Per replica: \`${loadCommand({ url: `${pg1.url}/transactions?limit=10`, token: pgToken, connections: o.connections, durationS: o.durationS })}\`

## \`POST /transactions\`: ${o.submissions} signed transfers, ${o.connections} connections

Each submission verifies its signature, asks the node for the sender's account (sequence and
account number) and stores the record (fsync or COMMIT) before it is answered. Sent on kept-alive
connections and timed with hrtime in the bench's process (\`server/bench/load.ts\` \`postEach\`).

| case | accepted/s | p50 (ms) | p99 (ms) |
|---|---:|---:|---:|
${cases.map((c, i) => row(c, submitRows[i]!)).join("\n")}

CPU time per submission, as above:

${cpuTable(submitCpu.map(cpuMedian))}

Two PostgreSQL replicas accept **${scaleSubmit.toFixed(2)}×** one.

What limits it here: two cores for everything, shared with other work on the machine (the load
average above). A request to a replica costs CPU in the replica, in PostgreSQL and in the client
that sends it, all on the same two cores: a second replica adds a process, not a core, so it can
only take up the time one replica leaves idle while it waits for the database. Submissions
wait on the one node as well (an \`abci_query\` for the sender's account each), whichever store
or replica takes them: when every case accepts the same number a second while the CPU columns
leave the cores room, that bound is the node's, not the service's. Replicas scale where each has cores of its own, and the database and the
node have theirs.

Command: \`${ctx.command}\`
`;
        const goals = [
          { goal: "two PostgreSQL replicas serve ≥ 1.6× one (`GET /transactions?limit=10`)", measured: `${scaleList.toFixed(2)}× (${Math.round(listRows[2]!.reqPerSec)} vs ${Math.round(listRows[1]!.reqPerSec)} req/s, p99 ${listRows[2]!.p99} vs ${listRows[1]!.p99} ms)`, met: scaleList >= 1.6 },
          { goal: "two PostgreSQL replicas accept ≥ 1.6× one (`POST /transactions`)", measured: `${scaleSubmit.toFixed(2)}× (${Math.round(submitRows[2]!.reqPerSec)} vs ${Math.round(submitRows[1]!.reqPerSec)}/s, p99 ${submitRows[2]!.p99} vs ${submitRows[1]!.p99} ms)`, met: scaleSubmit >= 1.6 },
        ];
        return { body, goals };
      } finally {
        await stopAll();
      }
    },
  };
}
