import { Agent, request } from "node:http";
import autocannon from "autocannon";

/** One autocannon run's figures. */
export interface LoadFigures {
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** What one autocannon run targets. */
export interface LoadSpec {
  readonly url: string;
  readonly token?: string;
  readonly connections: number;
  readonly durationS: number;
}

/** Runs autocannon in this process (the service runs in its own) and keeps the figures we report. */
export async function load(spec: LoadSpec): Promise<LoadFigures> {
  const headers: Record<string, string> = spec.token ? { authorization: `Bearer ${spec.token}` } : {};
  const result = await autocannon({ url: spec.url, connections: spec.connections, duration: spec.durationS, headers });
  return { reqPerSec: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/** The equivalent autocannon command line, so each figure can be reproduced by hand. */
export function loadCommand(spec: LoadSpec): string {
  const auth = spec.token ? ` -H "authorization: Bearer $TOKEN"` : "";
  return `npx autocannon -c ${spec.connections} -d ${spec.durationS}${auth} '${spec.url}'`;
}

/**
 * `bodies` POSTed to `url` once each, `connections` at a time on kept-alive connections, timed
 * here with hrtime (autocannon notices the end of a fixed number of requests only on its
 * one-second tick, too coarse for a run of a few seconds): accepted per second, p50 and p99.
 */
export async function postEach(url: string, token: string, bodies: readonly string[], connections: number): Promise<LoadFigures & { statuses: Record<string, number> }> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`${url} timed out`)));
      req.on("error", reject);
      req.end(body);
    });
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const t0 = process.hrtime.bigint();
        try {
          const status = await post(body);
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          errors++;
        }
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]! * 10) / 10;
  const non2xx = Object.entries(statuses).filter(([code]) => !code.startsWith("2")).reduce((n, [, count]) => n + count, 0);
  return { reqPerSec: bodies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), non2xx, errors, statuses };
}
