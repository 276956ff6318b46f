/**
 * How soon the app hears of a remote watch's alert: the watch service (`npm run watch-service`,
 * its own process) watching the bench devnet, the app's services following it
 * (`watch.connect`), and for each alert the time from the service's engine firing it (its
 * `firedAt`) to main's `watch.alert` event for it. Both processes read the same clock.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { EventPayload } from "../../shared/events.js";
import { createServices } from "../../electron/services/create-services.js";
import type { Goal, Section } from "./section.js";
import { quantile } from "./stats.js";

const TOKEN = "bench-remote-watch-token-0123456789";

async function unusedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function startService(configPath: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "watch/service/cli.ts", "--config", configPath, "--log-level", "warn"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the watch service exited with ${code} while starting`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /API on (https?:\/\/\S+)/.exec(line);
      if (match) resolve({ child, url: match[1]! });
    });
  });
}

export function remoteWatchSection(o: { alerts: number }): Section {
  return {
    id: "remote-watch",
    heading: "Remote watch",
    async run(ctx) {
      const w = await ctx.world();
      const dir = mkdtempSync(join(tmpdir(), "cometdesk-bench-remote-watch-"));
      const config = join(dir, "watch-service.json");
      writeFileSync(config, JSON.stringify({ dataDir: join(dir, "service"), listen: { host: "127.0.0.1", port: 0 }, token: TOKEN, pollIntervalMs: 1000, probeIntervalMs: 500, networks: [{ id: "bench", name: "Bench", chainId: w.info.chainId, bech32Prefix: w.info.bech32Prefix, rpcUrls: [w.rpc], validators: [], nodes: [] }] }));
      const { child, url } = await startService(config);
      const services = await createServices({ dataDir: join(dir, "app"), tokenStore: { kind: "memory" } });
      const delays: number[] = [];
      try {
        const call = async (method: string, args: unknown) => {
          const a = await services.dispatcher.dispatch(method, args);
          if (!a.ok) throw new Error(`${method}: ${a.error.message}`);
          return a.value as Record<string, unknown>;
        };
        services.start();
        const network = await call("network.add", { name: "Bench remote", chainId: w.info.chainId, accessUrl: null, rpcUrls: [w.rpc], bech32Prefix: w.info.bech32Prefix, denoms: [{ base: w.info.denom, display: "COMET", exponent: 6 }], defaultDenom: w.info.denom, gasPrices: { denom: w.info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct" });
        await call("watch.connect", { networkId: network.id, url, token: TOKEN });
        const waiting = new Map<string, () => void>();
        services.events.listen((event, payload) => {
          if (event !== "watch.alert") return;
          const p = payload as EventPayload<"watch.alert">;
          if (p.change !== "fired" || !waiting.has(p.alert.subject)) return;
          delays.push(Date.now() - Date.parse(p.alert.firedAt));
          waiting.get(p.alert.subject)!();
        });
        // One new dead node at a time: each is one node-down alert fired by the service's next probe.
        for (let i = 0; i < o.alerts; i++) {
          const node = `http://127.0.0.1:${await unusedPort()}`;
          const heard = new Promise<void>((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`no alert for ${node} within 30 s`)), 30_000);
            waiting.set(node, () => (clearTimeout(t), resolve()));
          });
          const put = await fetch(`${url}/v1/networks/bench/lists`, { method: "PUT", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: JSON.stringify({ validators: [], nodes: [node] }) });
          if (!put.ok) throw new Error(`PUT lists: HTTP ${put.status}`);
          await heard;
          waiting.delete(node);
        }
      } finally {
        await services.close();
        child.kill("SIGTERM");
        rmSync(dir, { recursive: true, force: true });
      }
      const p50 = quantile(delays, 0.5);
      const p90 = quantile(delays, 0.9);
      const goals: Goal[] = [{ goal: `a remote watch's alert reaches the app's main p90 ≤ 2 s after the service fires it (≥ 20 alerts)`, measured: `p50 ${p50.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms over ${delays.length} alerts`, met: delays.length >= 20 && p90 <= 2000 }];
      const body = `\`${ctx.command}\`: the watch service (its own process, \`npm run watch-service\`) watches the bench devnet; the app's services follow it (\`watch.connect\`, then the service's \`GET /v1/changes\` held open until a change comes). ${o.alerts} times a node that never answers is put on the service's list; its probe fires a node-down alert. Each delay runs from the alert's \`firedAt\` (the service's engine, when it fired) to main's \`watch.alert\` event for it, on the same machine's clock.

| alerts | p50 (ms) | p90 (ms) | max (ms) |
|---|---|---|---|
| ${delays.length} | ${p50.toFixed(0)} | ${p90.toFixed(0)} | ${Math.max(...delays).toFixed(0)} |
`;
      return { body, goals };
    },
  };
}
