import { cpus, totalmem } from "node:os";

/** One measured case: its median figures over the runs and the command that measured it. */
export interface BenchRow {
  readonly name: string;
  readonly command: string;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** Everything docs/benchmarks.md shows. */
export interface BenchReport {
  readonly runs: number;
  readonly connections: number;
  readonly durationS: number;
  readonly seeded: number;
  /** One-minute load averages when the bench started and ended: the machine may be shared. */
  readonly load1: readonly [number, number];
  readonly load: readonly BenchRow[];
  readonly probe: { readonly command: string; readonly count: number; readonly viaService: number; readonly direct: number; readonly viaServiceP99: number; readonly directP99: number };
  readonly goals: readonly { readonly goal: string; readonly measured: string; readonly met: boolean }[];
}

const f = (n: number, digits = 2): string => n.toFixed(digits);

/** docs/benchmarks.md: the figures, how they were made, and whether each goal was met. */
export function renderReport(r: BenchReport): string {
  const cpu = cpus();
  return `# Access service benchmarks

Written by \`npm run bench\` (\`scripts/bench.ts\`, \`server/bench/\`) on ${new Date().toISOString().slice(0, 10)}:
${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.
The bench starts its own single-validator devnet (port offset from \`--port-offset\`, default 3500),
runs the service as a child process exactly as an operator would (\`npm run server -- --node … --hold-ms 0\`
with the rate limit raised), seeds ${r.seeded} committed transfers through it, and runs autocannon
in its own process. Client and service share the machine's ${cpu.length} cores. Every figure is the
median of ${r.runs} runs of ${r.durationS} s with ${r.connections} connections; the cases alternate within each run.
\`$TOKEN\` is a token of the service; the ports are those of the default offset.

The machine may be shared: its one-minute load average was ${f(r.load1[0])} at the start and
${f(r.load1[1])} at the end of this run (2 would mean both cores busy). Under such contention
figures from separate invocations differ a lot (the node alone has measured from about 3,000 to
18,000 req/s here); compare the cases of one run with each other.

## Throughput and latency under load

| case | req/s | p50 (ms) | p99 (ms) | command |
|---|---:|---:|---:|---|
${r.load.map((row) => `| ${row.name} | ${Math.round(row.reqPerSec)} | ${row.p50Ms} | ${row.p99Ms} | \`${row.command}\` |`).join("\n")}

autocannon reports latency in whole milliseconds.

## Pass-through overhead, unloaded

${r.probe.count} sequential requests on one kept-alive connection, timed with \`process.hrtime\`
(\`server/bench/probe.ts\`; medians over the runs):

| route | p50 (ms) | p99 (ms) |
|---|---:|---:|
| \`GET /status\` on the node | ${f(r.probe.direct, 3)} | ${f(r.probe.directP99, 3)} |
| \`GET /rpc/status\` through the service | ${f(r.probe.viaService, 3)} | ${f(r.probe.viaServiceP99, 3)} |
| **added by the service** | **${f(r.probe.viaService - r.probe.direct, 3)}** | |

Command: \`${r.probe.command}\`

## Goals

| goal | measured | met |
|---|---|---|
${r.goals.map((g) => `| ${g.goal} | ${g.measured} | ${g.met ? "yes" : "**no**"} |`).join("\n")}
`;
}
