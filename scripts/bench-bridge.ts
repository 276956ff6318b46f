/**
 * `npm run bench:bridge [-- --devnet PATH --calls N]`: app-core figures for docs/benchmarks.md.
 *
 * 1. Bridge round trip of the no-op `app.ping`: client → WebSocket → dispatcher → back, N calls
 *    one after another (default 1,000) after 100 warm-up calls.
 * 2. Service timings against a running devnet (`npm run devnet -- up`): `chain.status` and, when
 *    the devnet runs the access service, `tx.list`, through the dispatcher (no bridge), 200 calls each.
 */
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { WebSocket } from "ws";
import { connectBridge, type WebSocketConstructor } from "../renderer/bridge/bridge-client.js";
import { startBridgeServer } from "../electron/bridge/bridge-server.js";
import { createServices } from "../electron/services/create-services.js";

const { values } = parseArgs({ options: { devnet: { type: "string", default: ".devnet/devnet.json" }, calls: { type: "string", default: "1000" } } });
const calls = Number(values.calls);

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  return `| ${sorted.length} | ${at(0.5).toFixed(3)} | ${at(0.99).toFixed(3)} | ${mean.toFixed(3)} |`;
}

/** Sequential calls; `minGapMs` paces their starts (the access service allows 50 requests/s per token). */
async function time(n: number, fn: () => Promise<unknown>, minGapMs = 0): Promise<number[]> {
  const samples: number[] = [];
  let lastStart = -Infinity;
  for (let i = 0; i < n; i++) {
    const wait = lastStart + minGapMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    lastStart = t0;
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

const services = await createServices({
  dataDir: mkdtempSync(join(tmpdir(), "cometdesk-bench-")),
  tokenStore: { kind: "memory" },
  devnetJsonPath: resolve(values.devnet),
});
const server = await startBridgeServer({ dispatcher: services.dispatcher, events: services.events });
const conn = await connectBridge({ url: server.url, secret: server.secret, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });

const rows: string[] = [];
await time(100, () => conn.api.app.ping());
rows.push(`| bridge round trip, \`app.ping\` ${summary(await time(calls, () => conn.api.app.ping()))}`);

const must = async (method: string, args: unknown = {}) => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
};
const PACE = 25;
const network = await services.dispatcher.dispatch("network.list", {});
const devnet = network.ok ? (network.value as { networks: Array<{ id: string; rpcVia: string }> }).networks.find((n) => n.id === "devnet") : undefined;
if (devnet && (await services.dispatcher.dispatch("chain.status", {})).ok) {
  if (devnet.rpcVia === "access") {
    await time(20, () => must("chain.status"), PACE);
    rows.push(`| service \`chain.status\` (POST through the access service's /rpc) ${summary(await time(200, () => must("chain.status"), PACE))}`);
    await time(20, () => must("tx.list", { limit: 10 }), PACE);
    rows.push(`| service \`tx.list\` (limit 10) ${summary(await time(200, () => must("tx.list", { limit: 10 }), PACE))}`);
    await must("network.update", { id: "devnet", patch: { rpcVia: "direct" } });
  } else {
    process.stderr.write("tx.list skipped: the devnet runs no access service\n");
  }
  await time(20, () => must("chain.status"));
  rows.push(`| service \`chain.status\` (POST straight to the node) ${summary(await time(200, () => must("chain.status")))}`);
} else {
  process.stderr.write("service timings skipped: no devnet answered\n");
}

conn.close();
await server.close();
await services.close();
process.stdout.write(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}\n\n`);
process.stdout.write(`| what | calls | p50 (ms) | p99 (ms) | mean (ms) |\n|---|---:|---:|---:|---:|\n${rows.join("\n")}\n`);
