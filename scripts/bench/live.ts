/**
 * Block to screen: an independent subscriber to the node's websocket (`tm.event='NewBlock'`,
 * in the bench's process) notes when each block is announced; the app, in browser mode on the
 * bench's devnet, notes when each height reaches the page and the frame after. The delay is the
 * second minus the first, per block, on the dashboard and on the blocks page; a block the page
 * never showed is skipped.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../../devnet/lib/layout.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices } from "../../electron/services/create-services.js";
import { awaitBlocks, LIVE_PAGES, liveObserverScript, matchLive, readLiveNotes, subscribeNewBlocks } from "../../e2e/support/live-match.js";
import type { Goal, Section } from "./section.js";
import { quantile } from "./stats.js";

async function follow(page: Page, rpc: string, blocks: number) {
  const sub = await subscribeNewBlocks(rpc);
  try {
    const last = await awaitBlocks(sub.announced, blocks, blocks * 5_000 + 30_000);
    // The last block's own delay: give the page a moment to show it.
    await page.waitForFunction((h) => (window as { __cdLive?: Record<string, unknown> }).__cdLive?.[h] !== undefined, last.toString(), { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(100);
    const notes = readLiveNotes(await page.evaluate(() => (window as unknown as { __cdLive: Record<string, { dom: number; frame: number }> }).__cdLive));
    return { ...notes, announced: sub.announced, last };
  } finally {
    sub.close();
  }
}

interface Sample {
  readonly delays: { dom: number[]; frame: number[] };
  compared: number;
  skipped: bigint[];
}

/**
 * `rendererDirs`: built renderers other than dist/renderer. Given several, their runs alternate
 * in one session (each run follows every page), so a before/after comparison sees the same load.
 */
export function liveSection(o: { blocks: number; rendererDirs?: readonly string[] }): Section {
  return {
    id: "live",
    heading: "Block to screen",
    async run(ctx) {
      const w = await ctx.world();
      const dirs = o.rendererDirs?.length ? o.rendererDirs : [join(repoRoot, "dist", "renderer")];
      const runs = dirs.length > 1 ? ctx.runs : 1;
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-live-"));
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: w.devnetJsonPath, bridge: true });
      services.start();
      const created = await services.dispatcher.dispatch("wallet.create", { password: "bench password", words: 12 });
      if (!created.ok) throw new Error(`wallet.create: ${created.error.message}`);
      const modes = await Promise.all(dirs.map((rendererDir) => startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir })));
      const browser = await launchChromium();
      const samples: Sample[][] = dirs.map(() => LIVE_PAGES.map(() => ({ delays: { dom: [], frame: [] }, compared: 0, skipped: [] })));
      try {
        for (let run = 0; run < runs; run++) {
          const order = dirs.map((_, i) => i);
          if (run % 2) order.reverse();
          for (const i of order) {
            for (const [pi, p] of LIVE_PAGES.entries()) {
              const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
              const page = await context.newPage();
              await page.addInitScript(liveObserverScript(p.select, p.attribute));
              await page.goto(modes[i]!.link(p.route));
              await page.waitForFunction(() => Object.keys((window as { __cdLive?: object }).__cdLive ?? {}).length > 0, undefined, { timeout: 60_000 });
              const seen = await follow(page, w.rpc, o.blocks);
              await context.close();
              const dom = matchLive(seen.announced, seen.dom, seen.last);
              const frame = matchLive(seen.announced, seen.frame, seen.last);
              const s = samples[i]![pi]!;
              s.delays.dom.push(...dom.delays);
              s.delays.frame.push(...frame.delays);
              s.compared += dom.compared;
              s.skipped.push(...dom.skipped);
              console.log(`live: ${dirs[i]}, ${p.id}, run ${run + 1}/${runs}: ${dom.compared} blocks, to the frame p50 ${quantile(frame.delays, 0.5).toFixed(1)} p90 ${quantile(frame.delays, 0.9).toFixed(1)} ms, skipped ${dom.skipped.length}`);
            }
          }
        }
      } finally {
        await browser.close();
        for (const mode of modes) await mode.close();
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      const rows: string[] = [];
      const goals: Goal[] = [];
      for (const [i, dir] of dirs.entries()) {
        for (const [pi, p] of LIVE_PAGES.entries()) {
          const s = samples[i]![pi]!;
          const q = (xs: number[], k: number) => quantile(xs, k).toFixed(1);
          const skipped = `${s.skipped.length}${s.skipped.length ? ` (${s.skipped.slice(0, 5).join(", ")}${s.skipped.length > 5 ? ", …" : ""})` : ""}`;
          rows.push(`| ${p.what}${dirs.length > 1 ? `, \`${dir}\`` : ""} | ${s.compared} | ${q(s.delays.dom, 0.5)} | ${q(s.delays.dom, 0.9)} | ${q(s.delays.frame, 0.5)} | **${q(s.delays.frame, 0.9)}** | ${q(s.delays.frame, 1)} | ${skipped} |`);
          if (i !== dirs.length - 1) continue;
          const p90 = quantile(s.delays.frame, 0.9);
          goals.push({ goal: `${p.id}: a new block on screen p90 ≤ 25 ms after the node's NewBlock, none skipped (≥ 50 blocks)`, measured: `p90 ${p90.toFixed(1)} ms over ${s.compared} blocks, ${s.skipped.length} skipped`, met: p90 <= 25 && s.skipped.length === 0 && s.compared >= 50 });
        }
      }
      const body = `An independent subscriber in the bench's process (its own websocket to the node,
\`tm.event='NewBlock'\`) notes when the node announces each block. The app runs in browser mode
(the app's real services behind the WebSocket bridge, wallet unlocked, headless Chromium with
software rendering) on the bench's single-validator devnet (500 ms blocks). A script injected
before the app's own notes, per height, when it first reaches the page's DOM (a
\`MutationObserver\`) and the next animation frame after that, the frame that paints it. A delay
is that moment minus the subscriber's; both clocks are the machine's wall clock. ${o.blocks} blocks per
page${runs > 1 ? ` and run, ${runs} runs with the builds alternating, all blocks pooled` : ""}, one page at a time, each in a fresh browser context.

The physical floor is the bridge's round trip (main hears the same event, sends it over the
bridge, the page parses it; the no-op's round trip is in *Bridge round trip*) plus up to one
frame (16.7 ms at 60 Hz) for the paint: about 1 ms + 0–16.7 ms, so a p90 just under 17 ms is at
the floor, and the DOM column shows how much of it is the app and how much the frame.

| page | blocks | to the DOM p50 (ms) | to the DOM p90 | to the frame p50 | to the frame p90 | max | skipped |
|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}

Not yet measured here: three networks followed at once, the watch running, and a committed
transfer's \`Tx\` event to its *committed* row.

Command: \`${ctx.command}\`
`;
      return { body, goals };
    },
  };
}
