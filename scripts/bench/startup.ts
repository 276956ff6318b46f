/**
 * Cold start: a fresh Chromium context (no cache, no storage) opens the built renderer in
 * browser mode, through the WebSocket bridge to the app's real services on the bench's devnet,
 * and the time runs from navigation start to the dashboard showing the node's height.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../../devnet/lib/layout.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { createServices } from "../../electron/services/create-services.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { selfTimeByOwner, sourceMapLookup } from "./cpu-profile.js";
import type { Section } from "./section.js";
import { median } from "./stats.js";

/** Milestones of one cold start, in ms since navigation start (the page's time origin). */
interface Milestones {
  html: number;
  entryScript: number;
  stylesheet: number;
  domContentLoaded: number;
  firstPaint: number;
  firstContentfulPaint: number;
  bridgeOpen: number;
  shell: number;
  height: number;
  /** Scripts fetched before the height showed, and their encoded bytes. */
  scripts: number;
  scriptKiB: number;
}

const MILESTONES: ReadonlyArray<readonly [keyof Milestones, string]> = [
  ["html", "`index.html` received"],
  ["entryScript", "entry script received"],
  ["stylesheet", "stylesheet received (it blocks the first paint)"],
  ["domContentLoaded", "DOMContentLoaded (entry script run)"],
  ["firstPaint", "first paint"],
  ["firstContentfulPaint", "first contentful paint (the static loading screen of `index.html`)"],
  ["bridgeOpen", "bridge WebSocket open"],
  ["shell", "app shell in the DOM"],
  ["height", "**dashboard shows the node's height**"],
];

// Runs before the page's own scripts: notes when the bridge's socket opens (the app's CSP does
// not apply to scripts the browser's automation injects) and when the milestones reach the DOM.
const OBSERVE = `(() => {
  const b = (window.__cdBench = {});
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("open", () => { b.bridgeOpen ??= performance.now(); });
    }
  };
  new MutationObserver(() => {
    if (b.shell === undefined && document.querySelector(".shell")) b.shell = performance.now();
    const h = document.querySelector('[data-testid="dashboard-facts"] [data-fact="Height"]');
    if (b.height === undefined && h && /^\\s*\\d+\\s*$/.test(h.textContent)) b.height = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

// No named helpers inside: tsx's name-keeping wrapper (__name) does not exist in the page.
function collect(): Milestones {
  const b = (window as unknown as { __cdBench: { bridgeOpen?: number; shell?: number; height: number } }).__cdBench;
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => r.name.endsWith(".js") && r.startTime < b.height);
  const entry = scripts.find((r) => r.initiatorType === "script") ?? scripts[0];
  return {
    html: nav.responseEnd,
    entryScript: entry ? entry.responseEnd : Number.NaN,
    stylesheet: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((r) => r.name.endsWith(".css"))?.responseEnd ?? Number.NaN,
    domContentLoaded: nav.domContentLoadedEventEnd,
    firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN,
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    bridgeOpen: b.bridgeOpen ?? Number.NaN,
    shell: b.shell ?? Number.NaN,
    height: b.height,
    scripts: scripts.length,
    scriptKiB: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0) / 1024,
  };
}

/** With `profile`, a CPU profile of the page (0.1 ms sampling) from before the navigation to the height. */
async function measure(page: Page, url: string, profile: boolean): Promise<{ milestones: Milestones; profile?: unknown }> {
  await page.addInitScript(OBSERVE);
  const cdp = profile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
  }
  await page.goto(url);
  await page.waitForFunction(() => (window as { __cdBench?: { height?: number } }).__cdBench?.height !== undefined, undefined, { timeout: 60_000 });
  const taken = cdp ? (await cdp.send("Profiler.stop")).profile : undefined;
  return { milestones: await page.evaluate(collect), profile: taken };
}

/**
 * `rendererDirs`: built renderers other than dist/renderer. Given several, their runs alternate
 * in one session, so a before/after comparison sees the same machine load. `profile`: as many
 * cold starts again, after the timed ones, each with a CPU profile of the page, and the section
 * says where its main thread went.
 */
export function startupSection(o: { rendererDirs?: readonly string[]; profile?: boolean } = {}): Section {
  return {
    id: "startup",
    heading: "Cold start",
    async run(ctx) {
      const w = await ctx.world();
      const runs = Math.max(5, ctx.runs);
      const dirs = o.rendererDirs?.length ? o.rendererDirs : [join(repoRoot, "dist", "renderer")];
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-startup-"));
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: w.devnetJsonPath, bridge: true });
      services.start();
      // An unlocked wallet, as after the window reloads while main keeps the vault open: the
      // window goes straight to the app (the gate's own screens are not what is measured).
      const created = await services.dispatcher.dispatch("wallet.create", { password: "bench password", words: 12 });
      if (!created.ok) throw new Error(`wallet.create: ${created.error.message}`);
      const modes = await Promise.all(dirs.map((rendererDir) => startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir })));
      const browser = await launchChromium({ record: false });
      const samples: Milestones[][] = dirs.map(() => []);
      const owners: Array<Array<Map<string, number>>> = dirs.map(() => []);
      try {
        for (let run = 0; run <= runs; run++) {
          // Alternate which build goes first, so neither always follows the other.
          const order = dirs.map((_, i) => i);
          if (run % 2) order.reverse();
          for (const i of order) {
            const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
            const { milestones: m } = await measure(await context.newPage(), modes[i]!.link("dashboard"), false);
            await context.close();
            // The first load warms the services and Chromium's own start-up, not the renderer's: not counted.
            if (run > 0) samples[i]!.push(m);
            console.log(`startup: ${dirs[i]}, run ${run}/${runs}${run === 0 ? " (warm-up)" : ""}: height shown at ${m.height.toFixed(0)} ms`);
          }
        }
        // The profiler slows the page: profiled cold starts of their own, after the timed ones.
        const lookups = dirs.map((dir) => sourceMapLookup(dir));
        for (let run = 0; o.profile && run < runs; run++) {
          for (let i = 0; i < dirs.length; i++) {
            const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
            const { profile } = await measure(await context.newPage(), modes[i]!.link("dashboard"), true);
            await context.close();
            owners[i]!.push(selfTimeByOwner(profile, lookups[i]!));
          }
        }
      } finally {
        await browser.close();
        for (const mode of modes) await mode.close();
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      const ms = (n: number) => (Number.isNaN(n) ? "—" : n.toFixed(0));
      const med = (i: number, k: keyof Milestones) => median(samples[i]!.map((s) => s[k]));
      const last = dirs.length - 1;
      const height = med(last, "height");
      const table = dirs.length === 1
        ? ["| milestone | median (ms) | fastest | slowest |", "|---|---:|---:|---:|", ...MILESTONES.map(([k, what]) => `| ${what} | ${ms(med(0, k))} | ${ms(Math.min(...samples[0]!.map((s) => s[k])))} | ${ms(Math.max(...samples[0]!.map((s) => s[k])))} |`)]
        : [`| milestone (median, ms) | ${dirs.map((d) => `\`${d}\``).join(" | ")} |`, `|---|${dirs.map(() => "---:").join("|")}|`, ...MILESTONES.map(([k, what]) => `| ${what} | ${dirs.map((_, i) => ms(med(i, k))).join(" | ")} |`)];
      const where = o.profile ? profileTable(dirs, owners) : "";
      const scripts = dirs.map((d, i) => `${dirs.length > 1 ? `\`${d}\`: ` : ""}${med(i, "scripts")} files, ${med(i, "scriptKiB").toFixed(1)} KiB`).join("; ");
      const body = `A fresh Chromium context per run (headless, software rendering; no HTTP cache, no storage)
opens the production build${o.rendererDirs?.length ? ` (${dirs.length > 1 ? "builds compared, runs alternating" : "from the folder named"})` : ""} in browser mode: the renderer served on 127.0.0.1 with the app's CSP,
the app's real services (\`createServices\`, wallet unlocked) behind the WebSocket bridge, on the
bench's devnet. Times are from navigation start (the page's time origin): paint timings from the
Paint Timing API, the rest noted in the page by a script injected before the app's own (a
\`MutationObserver\` for the DOM, the socket's \`open\` event for the bridge). Median of ${runs} runs after
one uncounted warm-up run; client, services and node share the machine's cores.

${table.join("\n")}

Scripts fetched before the height showed (as sent; the server does not compress): ${scripts}.
${where}
Command: \`${ctx.command}\`
`;
      const fcp = med(last, "firstContentfulPaint");
      return {
        body,
        goals: [
          { goal: "first contentful paint ≤ 120 ms, before any script runs", measured: `${ms(fcp)} ms (median of ${runs})`, met: fcp <= 120 },
          { goal: "cold start to the dashboard's height ≤ 300 ms", measured: `${ms(height)} ms (median of ${runs})`, met: height <= 300 },
        ],
      };
    },
  };
}

/** The owners of most main-thread time, median ms per cold start, for each build. */
function profileTable(dirs: readonly string[], owners: ReadonlyArray<ReadonlyArray<Map<string, number>>>): string {
  const total = new Map<string, number>();
  for (const runs of owners) for (const run of runs) for (const [owner, ms] of run) total.set(owner, (total.get(owner) ?? 0) + ms);
  const top = [...total].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([owner]) => owner);
  const med = (i: number, owner: string) => median(owners[i]!.map((run) => run.get(owner) ?? 0)).toFixed(1);
  return `
Where the renderer's main thread went (\`--profile\`: a CPU profile of each profiled cold start,
sampled every 0.1 ms, from before the navigation to the height; a frame of a built script counts for its
source's package or app folder, through the build's source maps; \`(program)\` is the browser's
own work outside JavaScript: parsing, compiling, style and layout). The profiler slows the page,
so these are cold starts of their own, as many again, run after the timed ones; the milestones
above are from the timed ones. Median ms per cold start:

| owner | ${dirs.map((d) => (dirs.length > 1 ? `\`${d}\`` : "ms")).join(" | ")} |
|---|${dirs.map(() => "---:").join("|")}|
${top.map((owner) => `| ${owner} | ${dirs.map((_, i) => med(i, owner)).join(" | ")} |`).join("\n")}
`;
}
