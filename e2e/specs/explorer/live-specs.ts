import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../../support/app.js";
import { appLink } from "../../support/app-link.js";
import { awaitBlocks, LIVE_PAGES, liveObserverScript, matchLive, readLiveNotes, subscribeNewBlocks } from "../../support/live-match.js";
import type { SpecContext } from "../../support/spec-context.js";

/** Blocks followed per page: a few, so the suite stays short; the bench's `live` section follows 50 with timings. */
const BLOCKS = 6;

export function liveSpecs(ctx: SpecContext): void {
  for (const p of LIVE_PAGES) {
    it(`live: the ${p.id} page shows every block the node announces, none skipped`, async () => {
      const page = await ctx.open();
      await page.addInitScript(liveObserverScript(p.select, p.attribute));
      await page.goto(await appLink(ctx.env().four, p.route));
      await passGate(page);
      if (!page.url().endsWith(`#/${p.route}`)) await page.evaluate((r) => (window.location.hash = `#/${r}`), p.route);
      await expect.poll(() => page.evaluate(() => Object.keys((window as { __cdLive?: object }).__cdLive ?? {}).length), { timeout: WAIT_MS }).toBeGreaterThan(0);
      // An outside subscriber to the same node says which blocks exist; the page must show each.
      const sub = await subscribeNewBlocks(ctx.env().four.rpcs[0]!);
      try {
        const last = await awaitBlocks(sub.announced, BLOCKS, WAIT_MS);
        await expect.poll(() => page.evaluate((h) => (window as { __cdLive?: Record<string, unknown> }).__cdLive?.[h] !== undefined, last.toString()), { timeout: WAIT_MS }).toBe(true);
        const { dom } = readLiveNotes(await page.evaluate(() => (window as unknown as { __cdLive: Record<string, { dom: number; frame: number }> }).__cdLive));
        const match = matchLive(sub.announced, dom, last);
        expect(match.compared).toBeGreaterThanOrEqual(BLOCKS - 1);
        expect(match.skipped).toEqual([]);
      } finally {
        sub.close();
      }
      expect(ctx.errors(page)).toEqual([]);
    });
  }
}
