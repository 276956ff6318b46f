/**
 * The renderer's frames while main reads a heavy block: the app in browser mode (main's services in
 * the bench's process, the built renderer in headless Chromium) on the heavy section's stub node.
 * From the dashboard, the page goes to the block page of the stub's block of 10,000 transactions
 * (main reads it in its read worker, the page lists the first rows), then its transaction list is
 * scrolled as a mouse wheel scrolls it, each row decoded as it is shown. A frame time is the
 * interval between two frames' own timestamps (`requestAnimationFrame`'s argument).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../devnet/lib/layout.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices, READ_WORKER_WARM_MS } from "../../electron/services/create-services.js";

export interface BlockPageFrames {
  /** From the navigation to the block page until its first transaction rows are on screen. */
  readonly open: number[];
  /** While its transaction list is scrolled. */
  readonly scroll: number[];
  /** How long the first rows took to show (ms). */
  readonly firstRowsMs: number;
}

/** A frame recorder, started by `start()` and read by `take()`: a callback that does nothing else. */
const RECORDER = `(() => {
  let frames = [], on = false;
  const tick = (t) => { if (!on) return; frames.push(t); requestAnimationFrame(tick); };
  window.__benchFrames = {
    start() { frames = []; on = true; requestAnimationFrame(tick); },
    take() { on = false; return frames.slice(1).map((t, i) => t - frames[i]); },
  };
})()`;

const VIEWPORT = { width: 1400, height: 900 };
/** Time given the read worker to start once asked, with room for compiling it from source. */
const WORKER_START_MS = 3_000;

/** Rows the list is scrolled by per frame (the block page's rows are 44 px, as the wallet bench scrolls its list). */
const SCROLL_PX_PER_FRAME = 12 * 44;

export async function blockPageFrames(o: { devnetJsonPath: string; workDir: string; height: string; scrollFrames: number }): Promise<BlockPageFrames> {
  const dataDir = mkdtempSync(join(o.workDir, "frames-"));
  // The read worker started as the app starts it, after its first screen.
  const startedAt = Date.now();
  const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: o.devnetJsonPath, bridge: true, warmReadWorkerAfterMs: READ_WORKER_WARM_MS });
  const mode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir: join(repoRoot, "dist", "renderer") });
  const browser = await launchChromium({ record: false });
  try {
    const created = await services.dispatcher.dispatch("wallet.create", { password: "bench frames password", words: 12 });
    if (!created.ok) throw new Error(`wallet.create: ${created.error.message}`);
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(mode.link("dashboard"));
    await page.locator(".shell").waitFor({ timeout: 60_000 });
    // As a user would, some seconds after the window opened: the read worker has started (from
    // source it also compiles its TypeScript, which the built app does not).
    await page.waitForTimeout(Math.max(0, READ_WORKER_WARM_MS + WORKER_START_MS - (Date.now() - startedAt)));
    // A string, not a function: the bench runs under tsx, whose helpers do not exist in the page.
    await page.evaluate(RECORDER);
    await page.evaluate(`window.__benchFrames.start()`);
    const t0 = Date.now();
    await page.evaluate(`location.hash = "#/block/${o.height}"`);
    const list = page.locator("[data-testid=block-txs]");
    await list.locator('[data-index="0"]').waitFor({ timeout: 120_000 });
    const firstRowsMs = Date.now() - t0;
    // A few frames after the rows, for the paint that shows them.
    await page.waitForTimeout(200);
    const open = (await page.evaluate(`window.__benchFrames.take()`)) as number[];
    await list.scrollIntoViewIfNeeded();
    const box = await list.boundingBox();
    if (!box) throw new Error("the block page's transaction list is not on screen");
    // The wheel goes over the part of the list that is in the window.
    const top = Math.max(box.y, 0);
    const bottom = Math.min(box.y + box.height, VIEWPORT.height);
    if (bottom - top < 44) throw new Error("the block page's transaction list is not on screen");
    const cdp = await context.newCDPSession(page);
    await page.evaluate(`window.__benchFrames.start()`);
    await cdp.send("Input.synthesizeScrollGesture", {
      x: Math.round(box.x + box.width / 2),
      y: Math.round((top + bottom) / 2),
      yDistance: -SCROLL_PX_PER_FRAME * o.scrollFrames,
      speed: SCROLL_PX_PER_FRAME * 60,
      gestureSourceType: "mouse",
      preventFling: true,
    });
    const scroll = (await page.evaluate(`window.__benchFrames.take()`)) as number[];
    await context.close();
    return { open, scroll, firstRowsMs };
  } finally {
    await browser.close();
    await mode.close();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
