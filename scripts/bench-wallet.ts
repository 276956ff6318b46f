/**
 * `npm run bench:wallet [-- --rows 100000 --frames 600]`: the transaction list's scrolling with
 * 100,000 rows in Chromium (frame times while scrolling at a steady speed, p50/p95/max, and the
 * JS heap), written to docs/benchmarks.md under "Wallet". Never part of the tests.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { launchChromium } from "../e2e/support/browser.js";

const { values } = parseArgs({ options: { rows: { type: "string" }, frames: { type: "string" } } });
const rows = Number(values.rows ?? "100000");
const frames = Number(values.frames ?? "600");
const DOC = "docs/benchmarks.md";

const dir = mkdtempSync(join(tmpdir(), "cometdesk-bench-wallet-"));
await build({ entryPoints: ["renderer/bench/tx-table-bench.tsx"], bundle: true, format: "iife", jsx: "automatic", minify: true, outfile: join(dir, "bench.js"), define: { "process.env.NODE_ENV": '"production"' }, logLevel: "warning" });
writeFileSync(join(dir, "bench.css"), readFileSync("renderer/src/styles.css"));
writeFileSync(join(dir, "index.html"), `<!doctype html><html><head><link rel="stylesheet" href="bench.css"></head><body><div id="root"></div><script src="bench.js"></script></body></html>`);

const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
await page.goto(`file://${join(dir, "index.html")}?rows=${rows}`);
await page.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true && document.querySelector("[data-index]") !== null);
const cdp = await page.context().newCDPSession(page);
await cdp.send("HeapProfiler.collectGarbage");
const heapBefore = (await cdp.send("Runtime.getHeapUsage")).usedSize;

// Scroll a fixed distance per frame (about 12 rows), the way a held scrollbar or a fast wheel does.
const times = await page.evaluate(async (n) => {
  const scroller = document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!;
  const out: number[] = [];
  let last = performance.now();
  for (let i = 0; i < n; i++) {
    await new Promise<void>((r) => requestAnimationFrame(() => r()));
    const now = performance.now();
    out.push(now - last);
    last = now;
    scroller.scrollTop += 12 * 44;
  }
  return out;
}, frames);
const heapAfter = (await cdp.send("Runtime.getHeapUsage")).usedSize;
const rendered = await page.locator("[data-index]").count();
const reached = await page.evaluate(() => document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!.scrollTop);
await browser.close();

const sorted = times.slice(1).sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1);
const mib = (b: number) => (b / 1048576).toFixed(1);
const section = [
  "# Wallet",
  "",
  `The transaction list (\`TxTable\`, @tanstack/react-virtual) with ${rows.toLocaleString("en")} synthetic rows in Chromium`,
  "(headless, software rendering), scrolled about 12 rows per animation frame for",
  `${frames} frames (\`npm run bench:wallet\`; the rows are made up in the benchmark's own entry, \`renderer/bench/\`).`,
  "",
  "| what | value |",
  "|---|---|",
  `| frame time p50 / p95 / max | ${q(0.5)} / ${q(0.95)} / ${sorted.at(-1)!.toFixed(1)} ms |`,
  `| rows in the DOM while scrolling | ${rendered} |`,
  `| scrolled | ${Math.round(reached / 44).toLocaleString("en")} rows |`,
  `| JS heap after load / after scrolling | ${mib(heapBefore)} / ${mib(heapAfter)} MiB |`,
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core CI machine (1-minute load average ${loadavg()[0]!.toFixed(1)} at the end: other suites were running); a 60 Hz display allows 16.7 ms per frame.`,
  "",
].join("\n");
console.log(section);
const doc = existsSync(DOC) ? readFileSync(DOC, "utf8") : "# Benchmarks\n\n";
const SECTION = /^# Wallet\n[\s\S]*?(?=\n# |(?![\s\S]))/m;
const next = SECTION.test(doc) ? doc.replace(SECTION, section) : `${doc.trimEnd()}\n\n${section}`;
writeFileSync(DOC, next.endsWith("\n") ? next : `${next}\n`);
