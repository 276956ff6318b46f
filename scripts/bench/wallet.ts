/**
 * The transaction list (`TxTable`) with 100,000 rows in Chromium: frame times while scrolling at
 * a steady speed, and the JS heap. The rows are made up by the benchmark's own entry
 * (`renderer/bench/tx-table-bench.tsx`), built here with esbuild; the app is not involved.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { launchChromium } from "../../e2e/support/browser.js";
import type { Section } from "./section.js";
import { median, summarize } from "./stats.js";

const ROW_HEIGHT = 44;
const ROWS_PER_FRAME = 12;

interface ScrollRun {
  p50: number;
  p95: number;
  max: number;
  heapBefore: number;
  heapAfter: number;
  rendered: number;
  reachedRows: number;
}

async function scrollOnce(browser: Browser, page: string, frames: number): Promise<ScrollRun> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const tab = await context.newPage();
    await tab.goto(page);
    await tab.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true && document.querySelector("[data-index]") !== null);
    const cdp = await context.newCDPSession(tab);
    await cdp.send("HeapProfiler.collectGarbage");
    const heapBefore = (await cdp.send("Runtime.getHeapUsage")).usedSize;
    // A fixed distance per frame, the way a held scrollbar or a fast wheel moves.
    const times = await tab.evaluate(async ({ n, step }) => {
      const scroller = document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!;
      const out: number[] = [];
      let last = performance.now();
      for (let i = 0; i < n; i++) {
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        const now = performance.now();
        out.push(now - last);
        last = now;
        scroller.scrollTop += step;
      }
      return out;
    }, { n: frames, step: ROWS_PER_FRAME * ROW_HEIGHT });
    const heapAfter = (await cdp.send("Runtime.getHeapUsage")).usedSize;
    const rendered = await tab.locator("[data-index]").count();
    const reached = await tab.evaluate(() => document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!.scrollTop);
    // The first interval includes the evaluate call's own start; it is not a frame.
    const s = summarize(times.slice(1));
    return { p50: s.p50, p95: s.p95, max: s.max, heapBefore, heapAfter, rendered, reachedRows: Math.round(reached / ROW_HEIGHT) };
  } finally {
    await context.close();
  }
}

// Main-thread work in Chromium's timeline: the app's scroll handler (React), the bench's own frame
// callback, then style, layout and paint.
const TRACED: ReadonlyArray<readonly [string, string]> = [
  ["EventDispatch", "scroll event (the virtualiser and React rendering rows)"],
  ["FireAnimationFrame", "animation frame callback (the bench moving the scroll position)"],
  ["UpdateLayoutTree", "style recalculation"],
  ["Layout", "layout"],
  ["PrePaint", "pre-paint"],
  ["Paint", "paint"],
];

/** One traced run: main-thread ms per frame for each of TRACED. Tracing slows frames, so these runs give no frame times. */
async function traceOnce(browser: Browser, page: string, frames: number): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const tab = await context.newPage();
    await tab.goto(page);
    await tab.waitForFunction(() => document.querySelector("[data-index]") !== null);
    await browser.startTracing(tab, { categories: ["devtools.timeline"] });
    await tab.evaluate(async ({ n, step }) => {
      const scroller = document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!;
      for (let i = 0; i < n; i++) {
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        scroller.scrollTop += step;
      }
    }, { n: frames, step: ROWS_PER_FRAME * ROW_HEIGHT });
    const parsed = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents?: Array<{ name?: unknown; ph?: unknown; dur?: unknown }> };
    const events = parsed.traceEvents ?? [];
    return Object.fromEntries(TRACED.map(([name]) => [name, events.filter((e) => e.ph === "X" && e.name === name && typeof e.dur === "number").reduce((sum, e) => sum + (e.dur as number), 0) / 1000 / frames]));
  } finally {
    await context.close();
  }
}

export function walletSection(o: { rows: number; frames: number }): Section {
  return {
    id: "wallet",
    heading: "Transactions list, 100,000 rows",
    async run(ctx) {
      const dir = mkdtempSync(join(tmpdir(), "cometdesk-bench-wallet-"));
      const browser = await launchChromium();
      const runs: ScrollRun[] = [];
      const traces: Record<string, number>[] = [];
      try {
        await build({ entryPoints: ["renderer/bench/tx-table-bench.tsx"], bundle: true, format: "iife", jsx: "automatic", minify: true, outfile: join(dir, "bench.js"), define: { "process.env.NODE_ENV": '"production"' }, logLevel: "warning" });
        writeFileSync(join(dir, "bench.css"), readFileSync("renderer/src/styles.css"));
        writeFileSync(join(dir, "index.html"), `<!doctype html><html><head><link rel="stylesheet" href="bench.css"></head><body><div id="root"></div><script src="bench.js"></script></body></html>`);
        for (let run = 1; run <= ctx.runs; run++) {
          const r = await scrollOnce(browser, `file://${join(dir, "index.html")}?rows=${o.rows}`, o.frames);
          console.log(`wallet: run ${run}/${ctx.runs}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
          runs.push(r);
        }
        for (let run = 1; run <= ctx.runs; run++) traces.push(await traceOnce(browser, `file://${join(dir, "index.html")}?rows=${o.rows}`, 300));
      } finally {
        await browser.close();
        rmSync(dir, { recursive: true, force: true });
      }
      const m = (k: keyof ScrollRun) => median(runs.map((r) => r[k]));
      const mib = (b: number) => (b / 1048576).toFixed(1);
      const body = `The real \`TxTable\` (@tanstack/react-virtual) with ${o.rows.toLocaleString("en")} synthetic rows, in headless Chromium
(software rendering, 1400 × 900), scrolled ${ROWS_PER_FRAME} rows (${ROWS_PER_FRAME * ROW_HEIGHT} px) per animation frame for ${o.frames}
frames; a frame time is the interval between two \`requestAnimationFrame\` callbacks. The heap is
CDP's \`Runtime.getHeapUsage\` used size, after a forced GC before scrolling and without one after.
Each figure is the median over ${ctx.runs} runs, each in a fresh browser context. A 60 Hz display allows
16.7 ms per frame; headless Chromium paces frames at 60 Hz too, so p50 cannot go below ~16.7 ms.

| what | value |
|---|---|
| frame time p50 / p95 / max | ${m("p50").toFixed(1)} / ${m("p95").toFixed(1)} / ${m("max").toFixed(1)} ms |
| rows in the DOM while scrolling | ${m("rendered")} |
| scrolled per run | ${m("reachedRows").toLocaleString("en")} rows |
| JS heap used, before / after scrolling | ${mib(m("heapBefore"))} / ${mib(m("heapAfter"))} MiB |

Where a frame's main-thread time goes: ${ctx.runs} more runs of 300 frames with Chromium's timeline
traced (\`devtools.timeline\`; tracing slows frames, so these runs give no frame times), each
event's total duration divided by the frames, median over the runs. On two busy cores the
frame's wall time is longer than this work: the renderer waits for the CPU.

| main-thread work per frame | ms |
|---|---:|
${TRACED.map(([name, what]) => `| ${what} | ${median(traces.map((t) => t[name]!)).toFixed(2)} |`).join("\n")}

The rows overlap and are not to be added up: a layout forced inside a callback (reading
\`scrollTop\` after rows changed) counts both there and under layout.

Command: \`${ctx.command}\`
`;
      return { body, goals: [{ goal: "100,000-row list: frame time p95 ≤ 16.7 ms while scrolling", measured: `p95 ${m("p95").toFixed(1)} ms (p50 ${m("p50").toFixed(1)}, max ${m("max").toFixed(1)})`, met: m("p95") <= 16.7 }] };
    },
  };
}
