/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** Themes follow the OS and switch on demand; everything is reachable by keyboard, visibly. */
export function themeKeyboardSpecs(ctx: SpecContext): void {
  it("follows the OS theme, switches with the toggle and the shortcut, and remembers the choice", async () => {
    const page = await ctx.open();
    await passGate(page);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("Follow the system").check();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(theme).toBe("dark");
    const darkBg = await background();
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(theme).toBe("light");
    expect(await background()).not.toBe(darkBg);

    await page.getByTestId("theme-toggle").click();
    await expect.poll(theme).toBe("dark");
    await page.keyboard.press("Control+Shift+D");
    await expect.poll(theme).toBe("light");
    await page.reload();
    await passGate(page);
    await expect.poll(theme, { timeout: WAIT_MS }).toBe("light"); // an explicit choice outlives the OS setting
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await theme()).toBe("light");
  });

  it("starts tabbing at a skip link, moves through header and navigation, and shows focus", async () => {
    const page = await ctx.open();
    await passGate(page);
    // The header's network picker appears once the network list has loaded; tabbing before that
    // walks past a placeholder (seen once on a loaded machine).
    await page.locator("#network-select").waitFor();
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    const order: string[] = [];
    const outlines: string[] = [];
    // Header controls and every navigation link (explorer, wallet and shell pages).
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press("Tab");
      const step = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return undefined; // tabbed past the last control
        return {
          name: `${el.tagName.toLowerCase()}:${el.getAttribute("aria-label") ?? el.id ?? ""}:${el.textContent?.trim() ?? ""}`,
          outline: getComputedStyle(el).outlineStyle,
        };
      });
      if (!step) break;
      order.push(step.name);
      outlines.push(step.outline);
    }
    const index = (pattern: RegExp) => order.findIndex((o) => pattern.test(o));
    expect(index(/^select:network-select/)).toBeGreaterThanOrEqual(0);
    expect(index(/^a:.*:Networks$/)).toBeGreaterThan(index(/^select:network-select/));
    // Focus is visible: every control reached by Tab carries an outline while focused.
    expect(outlines.length).toBeGreaterThanOrEqual(5);
    expect(outlines.filter((o) => o === "none")).toEqual([]);
  });

  it("navigates with shortcuts and moves focus to the new page's heading", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.keyboard.press("Control+2");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Networks");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("page-title");
    await page.keyboard.press("Control+,");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Settings");
    await page.keyboard.press("Control+1");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Node");
    expect(await page.getByRole("link", { name: "Node" }).getAttribute("aria-current")).toBe("page");
  });
}
