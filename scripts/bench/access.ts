/**
 * The access service under load (autocannon) and its RPC pass-through cost unloaded (sequential
 * requests timed with hrtime), the service and the node measured in the same run.
 */
import { load, type LoadFigures, type LoadSpec, loadCommand } from "../../server/bench/load.js";
import { probeLatency } from "../../server/bench/probe.js";
import type { Section } from "./section.js";
import { median } from "./stats.js";

export interface AccessOptions {
  readonly durationS: number;
  readonly connections: number;
  readonly probeCount: number;
}

const f3 = (n: number) => n.toFixed(3);

export function accessSection(o: AccessOptions): Section {
  return {
    id: "access",
    heading: "Access service",
    async run(ctx) {
      const w = await ctx.world();
      const { connections, durationS } = o;
      const cases: { name: string; spec: LoadSpec }[] = [
        { name: "`GET /transactions?limit=10`", spec: { url: `${w.serviceUrl}/transactions?limit=10`, token: w.token, connections, durationS } },
        { name: "`GET /transactions?limit=100`", spec: { url: `${w.serviceUrl}/transactions?limit=100`, token: w.token, connections, durationS } },
        { name: "`GET /rpc/status` through the service", spec: { url: `${w.serviceUrl}/rpc/status`, token: w.token, connections, durationS } },
        { name: "`GET /status` on the node directly", spec: { url: `${w.rpc}/status`, connections, durationS } },
      ];
      for (const c of cases) await load({ ...c.spec, durationS: 2 });
      const figures = cases.map(() => [] as LoadFigures[]);
      const probes = { via: [] as number[], direct: [] as number[], viaP99: [] as number[], directP99: [] as number[], ratio: [] as number[] };
      for (let run = 1; run <= ctx.runs; run++) {
        for (const [i, c] of cases.entries()) {
          console.log(`access: run ${run}/${ctx.runs}, ${c.name}`);
          const result = await load(c.spec);
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
          figures[i]!.push(result);
        }
        // The two probes run back to back in the same run, so the ratio compares like with like.
        const via = await probeLatency(`${w.serviceUrl}/rpc/status`, o.probeCount, w.token);
        const direct = await probeLatency(`${w.rpc}/status`, o.probeCount);
        probes.via.push(via.p50Ms);
        probes.viaP99.push(via.p99Ms);
        probes.direct.push(direct.p50Ms);
        probes.directP99.push(direct.p99Ms);
        probes.ratio.push(via.p50Ms / direct.p50Ms);
      }
      const rows = cases.map((c, i) => ({ ...c, reqPerSec: median(figures[i]!.map((x) => x.reqPerSec)), p50: median(figures[i]!.map((x) => x.p50Ms)), p99: median(figures[i]!.map((x) => x.p99Ms)) }));
      const via = median(probes.via);
      const direct = median(probes.direct);
      const ratio = median(probes.ratio);
      const added = via - direct;
      const body = `The service runs as a child process as an operator runs it (\`npm run server -- --node … --hold-ms 0\`, rate
limit raised) in front of the bench's own single-validator devnet, with ${w.seeded} committed transfers
seeded through it; autocannon runs in the bench's process. Client, service and node share the
machine's cores. Each figure is the median of ${ctx.runs} runs of ${durationS} s with ${connections} connections; the
cases alternate within each run. \`$TOKEN\` is a token of the service; the ports are those of
this run's offset.

## Throughput and latency under load

| case | req/s | p50 (ms) | p99 (ms) | command |
|---|---:|---:|---:|---|
${rows.map((r) => `| ${r.name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | \`${loadCommand(r.spec)}\` |`).join("\n")}

autocannon reports latency in whole milliseconds.

## RPC pass-through overhead, unloaded

${o.probeCount} sequential requests on one kept-alive connection, timed with \`process.hrtime\`
(\`server/bench/probe.ts\`), the node and the service probed back to back in each run; medians
over the runs. The ratio is each run's p50 through the service over its p50 straight to the node.

| route | p50 (ms) | p99 (ms) |
|---|---:|---:|
| \`GET /status\` on the node | ${f3(direct)} | ${f3(median(probes.directP99))} |
| \`GET /rpc/status\` through the service | ${f3(via)} | ${f3(median(probes.viaP99))} |
| **added by the service** | **${f3(added)}** | |
| **pass-through overhead ratio** (service p50 / node p50) | **${ratio.toFixed(2)}×** | |

Command: \`${ctx.command}\`
`;
      const goals = [
        ...rows.slice(0, 2).map((r) => ({ goal: `${r.name}: ≥ 3,000 req/s with p99 ≤ 25 ms`, measured: `${Math.round(r.reqPerSec)} req/s, p99 ${r.p99} ms`, met: r.reqPerSec >= 3000 && r.p99 <= 25 })),
        { goal: "RPC pass-through adds ≤ 1 ms at p50 (unloaded)", measured: `${f3(added)} ms (ratio ${ratio.toFixed(2)}× the node alone)`, met: added <= 1 },
      ];
      return { body, goals };
    },
  };
}
