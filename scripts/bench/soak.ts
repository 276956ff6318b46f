/**
 * No growth over time: the app in browser mode on the bench's devnet for `minutes` (30 by
 * default, 5 with `--quick`), showing the dashboard, the blocks page and the Transactions page in
 * turn (20 s each) while a transfer is sent every 10 s. Every `sampleS` seconds, after a forced
 * garbage collection on both sides: the renderer's JS heap (Chromium's DevTools protocol), main's
 * resident memory and JS heap, its open handles, and the listeners on its event hub. Growth is
 * the last samples against the ones at the end of the warm-up (the first fifth, at most 5 min).
 *
 * Main is the app's real services in the bench's process (as in browser mode); that process also
 * holds the Playwright client, whose own growth would count against main: the figures are an
 * upper bound for main.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { repoRoot } from "../../devnet/lib/layout.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices } from "../../electron/services/create-services.js";
import type { Section } from "./section.js";
import { median } from "./stats.js";

interface Sample {
  readonly atS: number;
  readonly rendererHeapMb: number;
  readonly mainRssMb: number;
  readonly mainHeapMb: number;
  readonly handles: number;
  readonly listeners: number;
}

const METRICS = [
  { key: "rendererHeapMb", label: "renderer JS heap (MB)" },
  { key: "mainHeapMb", label: "main JS heap (MB)" },
  { key: "mainRssMb", label: "main resident memory (MB)" },
  { key: "handles", label: "main's open handles" },
  { key: "listeners", label: "event hub listeners" },
] as const satisfies ReadonlyArray<{ key: keyof Sample; label: string }>;

const ROUTES = ["dashboard", "blocks", "transactions"] as const;
const MB = 1024 * 1024;
const GROWTH_GOAL = 0.05;

/** The Node `gc()` of this process, exposed at run time. */
function forceGc(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** One small panel per metric, a line over time, with the warm-up shaded: written beside docs/benchmarks.md. */
function chart(samples: readonly Sample[], warmupS: number): string {
  const w = 520;
  const h = 110;
  const pad = 36;
  const endS = Math.max(1, samples[samples.length - 1]?.atS ?? 1);
  const panels = METRICS.map((m, i) => {
    const ys = samples.map((s) => s[m.key]);
    const lo = Math.min(...ys) * 0.95;
    const hi = Math.max(...ys) * 1.05 || 1;
    const x = (t: number) => pad + ((w - 2 * pad) * t) / endS;
    const y = (v: number) => i * h + h - 22 - ((h - 40) * (v - lo)) / (hi - lo || 1);
    const points = samples.map((s) => `${x(s.atS).toFixed(1)},${y(s[m.key]).toFixed(1)}`).join(" ");
    return `<g><rect x="${pad}" y="${i * h + 18}" width="${(x(warmupS) - pad).toFixed(1)}" height="${h - 40}" fill="#8882"/>
<text x="${pad}" y="${i * h + 12}" font-size="11">${m.label}: ${ys[0]?.toFixed(1)} → ${ys[ys.length - 1]?.toFixed(1)}</text>
<polyline fill="none" stroke="currentColor" stroke-width="1.5" points="${points}"/>
<text x="${w - pad}" y="${i * h + h - 8}" font-size="10" text-anchor="end">${Math.round(endS / 60)} min</text></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h * METRICS.length}" viewBox="0 0 ${w} ${h * METRICS.length}" font-family="sans-serif" color="#246">
${panels.join("\n")}
</svg>
`;
}

export interface SoakOptions {
  readonly minutes: number;
  readonly sampleS: number;
  /** Where the chart is written (default docs/bench-soak.svg, linked from docs/benchmarks.md). */
  readonly chartPath?: string;
}

export function soakSection(o: SoakOptions): Section {
  return {
    id: "soak",
    heading: "No growth over time",
    async run(ctx) {
      const w = await ctx.world();
      const gc = forceGc();
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-soak-"));
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: w.devnetJsonPath, bridge: true });
      // Listeners counted as main's adapters add and remove them (the hub does not say).
      let listeners = 0;
      const events = {
        ...services.events,
        listen: (listener: Parameters<typeof services.events.listen>[0]) => {
          listeners++;
          const off = services.events.listen(listener);
          return () => {
            listeners--;
            return off();
          };
        },
      };
      services.start();
      const sender = w.info.accounts[0]!;
      const to = w.info.accounts[1]!.address;
      const imported = await services.dispatcher.dispatch("wallet.import", { mnemonic: sender.mnemonic, password: "bench soak password" });
      if (!imported.ok) throw new Error(`wallet.import: ${imported.error.message}`);
      const mode = await startBrowserMode({ dispatcher: services.dispatcher, events, rendererDir: join(repoRoot, "dist", "renderer") });
      const browser = await launchChromium({ record: false });
      const samples: Sample[] = [];
      let sent = 0;
      let failedSends = 0;
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.goto(mode.link(ROUTES[0]));
        const started = Date.now();
        const endAt = started + o.minutes * 60_000;
        let nextSend = started;
        let nextRoute = started + 20_000;
        let nextSample = started;
        let route = 0;
        while (Date.now() < endAt) {
          const now = Date.now();
          if (now >= nextSend) {
            nextSend += 10_000;
            const answer = await services.dispatcher.dispatch("tx.submit", { requestId: randomUUID(), from: sender.address, to, amount: `1${w.info.denom}` });
            if (answer.ok) sent++;
            else failedSends++;
          }
          if (now >= nextRoute) {
            nextRoute += 20_000;
            route = (route + 1) % ROUTES.length;
            await page.evaluate((r) => (location.hash = `#/${r}`), ROUTES[route]);
          }
          if (now >= nextSample) {
            nextSample += o.sampleS * 1000;
            await cdp.send("HeapProfiler.collectGarbage");
            const renderer = await cdp.send("Runtime.getHeapUsage");
            gc();
            const mem = process.memoryUsage();
            samples.push({ atS: (Date.now() - started) / 1000, rendererHeapMb: renderer.usedSize / MB, mainRssMb: mem.rss / MB, mainHeapMb: mem.heapUsed / MB, handles: process.getActiveResourcesInfo().length, listeners });
            console.log(`soak: ${Math.round((Date.now() - started) / 1000)} s, renderer ${(renderer.usedSize / MB).toFixed(1)} MB, main heap ${(mem.heapUsed / MB).toFixed(1)} MB, rss ${(mem.rss / MB).toFixed(0)} MB, ${sent} sent`);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
        await context.close();
      } finally {
        await browser.close();
        await mode.close();
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      const warmupS = Math.min(300, (o.minutes * 60) / 5);
      const after = samples.filter((s) => s.atS >= warmupS);
      if (after.length < 4) throw new Error(`soak: only ${after.length} samples after the warm-up; run longer or sample more often`);
      const base = (m: keyof Sample) => median(after.slice(0, 3).map((s) => s[m]));
      const end = (m: keyof Sample) => median(after.slice(-3).map((s) => s[m]));
      const growth = (m: keyof Sample) => end(m) / base(m) - 1;
      const pct = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)} %`;
      writeFileSync(o.chartPath ?? join(repoRoot, "docs", "bench-soak.svg"), chart(samples, warmupS));
      const rows = METRICS.map((m) => `| ${m.label} | ${base(m.key).toFixed(1)} | ${end(m.key).toFixed(1)} | ${pct(growth(m.key))} |`);
      const memoryGrowth = Math.max(growth("rendererHeapMb"), growth("mainHeapMb"), growth("mainRssMb"));
      const countsGrew = end("handles") > base("handles") || end("listeners") > base("listeners");
      const body = `The app in browser mode (the app's real services behind the bridge, the wallet unlocked with a
seeded devnet account, headless Chromium) on the bench's devnet for ${o.minutes} minutes: the dashboard,
the blocks page and the Transactions page in turn, 20 s each, in one page that is never
reloaded, and a transfer of 1 ${w.info.denom} sent through \`tx.submit\` every 10 s (${sent} sent, ${failedSends} refused). Every ${o.sampleS} s,
after a forced garbage collection in both (\`HeapProfiler.collectGarbage\`, Node's \`gc()\`):
the renderer's JS heap, main's JS heap and resident memory, its open handles
(\`process.getActiveResourcesInfo()\`) and the listeners on its event hub. Main shares the bench's
process with the Playwright client, so its figures are an upper bound. Growth compares the
median of the last three samples with the median of the first three after the warm-up
(${Math.round(warmupS / 60)} min, shaded in the chart).

| what | after the warm-up | at the end | growth |
|---|---:|---:|---:|
${rows.join("\n")}

![The five figures over time](bench-soak.svg)

Command: \`${ctx.command}\`
`;
      return {
        body,
        goals: [{ goal: `no growth over time: memory +≤ 5 % after the warm-up, handles and listeners flat (${o.minutes} min)`, measured: `memory ${pct(memoryGrowth)} at most; handles ${base("handles")} → ${end("handles")}, listeners ${base("listeners")} → ${end("listeners")}`, met: memoryGrowth <= GROWTH_GOAL && !countsGrew }],
      };
    },
  };
}
