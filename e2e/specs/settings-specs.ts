import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** App preferences kept in main: a change made on the page is stored there and read back after a reload. */
export function settingsSpecs(ctx: SpecContext): void {
  it("turns keeping the app in the tray off and on, and main keeps the choice across a reload", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Settings" }).click();
    const tray = page.getByLabel(/^Keep running in the tray/);
    await expect.poll(() => tray.isChecked(), { timeout: WAIT_MS }).toBe(true); // on by default
    // The box shows main's answer: it changes once main has stored the new value.
    await tray.click();
    await expect.poll(() => tray.isChecked(), { timeout: WAIT_MS }).toBe(false);
    await page.reload();
    await passGate(page);
    if (!page.url().endsWith("#/settings")) await page.getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => page.getByLabel(/^Keep running in the tray/).isChecked(), { timeout: WAIT_MS }).toBe(false);
    await page.getByLabel(/^Keep running in the tray/).click();
    await expect.poll(() => page.getByLabel(/^Keep running in the tray/).isChecked(), { timeout: WAIT_MS }).toBe(true);
    await page.reload();
    await passGate(page);
    if (!page.url().endsWith("#/settings")) await page.getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => page.getByLabel(/^Keep running in the tray/).isChecked(), { timeout: WAIT_MS }).toBe(true);
    expect(ctx.errors(page)).toEqual([]);
  });
}
