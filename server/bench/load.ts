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

/** `bodies` POSTed to `url` once each, `connections` at a time: how fast the service accepts them, and at what latency. */
export async function postEach(url: string, token: string, bodies: readonly string[], connections: number): Promise<LoadFigures & { statuses: Record<string, number> }> {
  let next = 0;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const result = await autocannon({
    url,
    connections,
    amount: bodies.length,
    requests: [{ method: "POST", headers, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  return { reqPerSec: bodies.length / result.duration, p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts, statuses };
}
