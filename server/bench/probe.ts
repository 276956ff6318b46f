import { Agent, request } from "node:http";

/**
 * Unloaded latency: `count` sequential GETs on one kept-alive connection, timed with hrtime.
 * autocannon reports whole milliseconds, too coarse for a sub-millisecond overhead.
 */
export async function probeLatency(url: string, count: number, token?: string): Promise<{ p50Ms: number; p99Ms: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const start = process.hrtime.bigint();
      await new Promise<void>((resolve, reject) => {
        const req = request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
          res.resume();
          res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`))));
        });
        req.setTimeout(10_000, () => req.destroy(new Error(`${url} timed out`)));
        req.on("error", reject);
        req.end();
      });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { p50Ms: times[Math.floor(times.length * 0.5)]!, p99Ms: times[Math.floor(times.length * 0.99)]! };
}
