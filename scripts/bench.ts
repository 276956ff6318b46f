/**
 * `npm run bench [-- --port-offset 3500 --runs 3 --duration 10 --connections 10]`: measures the
 * access service against its own devnet and writes docs/benchmarks.md. Never part of the tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { accessPort } from "../devnet/lib/access.js";
import { reset, up } from "../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../devnet/lib/layout.js";
import { consoleProgress } from "../devnet/lib/progress.js";
import { load, type LoadSpec, loadCommand } from "../server/bench/load.js";
import { median, probeLatency } from "../server/bench/probe.js";
import { type BenchRow, renderReport } from "../server/bench/report.js";
import { seedTransfers } from "../server/bench/seed.js";
import { TokenFile } from "../server/lib/tokens.js";
import { dataPaths } from "../server/service.js";

const { values } = parseArgs({ options: { "port-offset": { type: "string" }, runs: { type: "string" }, duration: { type: "string" }, connections: { type: "string" }, probe: { type: "string" } } });
const offset = Number(values["port-offset"] ?? process.env.COMETDESK_BENCH_PORT_OFFSET ?? "3500");
const runs = Number(values.runs ?? "3");
const durationS = Number(values.duration ?? "10");
const connections = Number(values.connections ?? "10");
const probeCount = Number(values.probe ?? "2000");
const progress = consoleProgress();

const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-bench"), COMETDESK_DEVNET_PORT_OFFSET: String(offset) });
const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-"));
let child: ChildProcess | undefined;

async function startService(rpc: string, port: number): Promise<string> {
  const args = ["--import", "tsx", "server/cli.ts", "--node", rpc, "--port", String(port), "--data-dir", dataDir, "--hold-ms", "0", "--rate-limit", "1000000000", "--rate-burst", "1000000000", "--log-level", "warn"];
  child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the benchmarked service did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return url;
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  await reset(layout);
  const { info } = await up(layout, { validators: 1 }, progress);
  const rpc = info.nodes[0]!.rpc;
  const { token } = new TokenFile(dataPaths(dataDir).tokens).create("bench");
  const url = await startService(rpc, accessPort(layout) + 1);
  progress.step("Seeding transfers through the service");
  const seeded = await seedTransfers(info, url, token, 30);

  const cases: { name: string; spec: LoadSpec }[] = [
    { name: "`GET /transactions?limit=10`", spec: { url: `${url}/transactions?limit=10`, token, connections, durationS } },
    { name: "`GET /transactions?limit=100`", spec: { url: `${url}/transactions?limit=100`, token, connections, durationS } },
    { name: "`GET /rpc/status` through the service", spec: { url: `${url}/rpc/status`, token, connections, durationS } },
    { name: "`GET /status` on the node directly", spec: { url: `${rpc}/status`, connections, durationS } },
  ];
  progress.step("Warming up");
  for (const c of cases) await load({ ...c.spec, durationS: 2 });
  const figures = cases.map(() => [] as Awaited<ReturnType<typeof load>>[]);
  const probes = { via: [] as number[], direct: [] as number[], viaP99: [] as number[], directP99: [] as number[] };
  for (let run = 1; run <= runs; run++) {
    for (const [i, c] of cases.entries()) {
      progress.step(`Run ${run}/${runs}: ${c.name}`);
      const result = await load(c.spec);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
      figures[i]!.push(result);
    }
    const via = await probeLatency(`${url}/rpc/status`, probeCount, token);
    const direct = await probeLatency(`${rpc}/status`, probeCount);
    probes.via.push(via.p50Ms);
    probes.viaP99.push(via.p99Ms);
    probes.direct.push(direct.p50Ms);
    probes.directP99.push(direct.p99Ms);
  }

  const rows: BenchRow[] = cases.map((c, i) => ({
    name: c.name,
    command: loadCommand(c.spec),
    reqPerSec: median(figures[i]!.map((f) => f.reqPerSec)),
    p50Ms: median(figures[i]!.map((f) => f.p50Ms)),
    p99Ms: median(figures[i]!.map((f) => f.p99Ms)),
  }));
  const probe = { command: `npm run bench -- --probe ${probeCount}`, count: probeCount, viaService: median(probes.via), direct: median(probes.direct), viaServiceP99: median(probes.viaP99), directP99: median(probes.directP99) };
  const added = probe.viaService - probe.direct;
  const goals = [
    ...rows.slice(0, 2).map((r) => ({ goal: `${r.name}: ≥ 3,000 req/s with p99 ≤ 25 ms`, measured: `${Math.round(r.reqPerSec)} req/s, p99 ${r.p99Ms} ms`, met: r.reqPerSec >= 3000 && r.p99Ms <= 25 })),
    { goal: "pass-through adds ≤ 1 ms at p50", measured: `${added.toFixed(3)} ms (unloaded); ${rows[2]!.p50Ms - rows[3]!.p50Ms} ms under load`, met: added <= 1 },
  ];
  writeFileSync(join(repoRoot, "docs", "benchmarks.md"), renderReport({ runs, connections, durationS, seeded, load1: [loadAtStart, loadavg()[0]!], load: rows, probe, goals }));
  for (const g of goals) console.log(`${g.met ? "met    " : "MISSED "} ${g.goal}: ${g.measured}`);
  console.log("Wrote docs/benchmarks.md");
}

async function cleanup(): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  await reset(layout);
  rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => cleanup().then(() => process.exit(0)),
  (err: unknown) => {
    console.error(err);
    void cleanup().then(() => process.exit(1));
  },
);
