/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import { expect, it } from "vitest";
import { passGate } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** Every control on every page has a name a screen reader can announce, and each page one h1 and one main. */
export function a11ySpecs(ctx: SpecContext): void {
  it("names every control and keeps one main landmark and one h1 per page", async () => {
    const page = await ctx.open();
    await passGate(page);
    for (const route of ["Node", "Networks", "Settings"]) {
      await page.getByRole("link", { name: route }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(route);
      const unnamed = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea")]
          .filter((el) => {
            const labelled = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || el.closest("label");
            const forLabel = el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`);
            const text = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? "" : el.textContent?.trim();
            return !(labelled || forLabel || text);
          })
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(unnamed, route).toEqual([]);
      expect(await page.locator("main").count()).toBe(1);
      expect(await page.locator("h1").count()).toBe(1);
    }
  });
}
