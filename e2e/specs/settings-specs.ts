import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../support/app.js";
import { describedBy, untiedFieldErrors } from "../support/field-errors.js";
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

  it("refuses an emptied or unfinished auto-lock at the field, sends nothing, and keeps the lock main has", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Settings" }).click();
    const autoLock = page.getByLabel("Lock the wallet after this many idle minutes (0: never)");
    await autoLock.waitFor({ timeout: WAIT_MS });
    const inForce = await autoLock.inputValue();
    expect(Number(inForce)).toBeGreaterThan(0);
    // Emptied and left: read as 0, it would turn auto-lock off without a word.
    await autoLock.fill("");
    await autoLock.blur();
    await expect.poll(() => describedBy(autoLock), { timeout: WAIT_MS }).toEqual({
      invalid: true,
      text: `Nothing was typed: type a whole number of minutes from 0 to 1,440 (0: never lock). The wallet still locks after ${inForce} idle minutes.`,
    });
    // The field shows the setting in force, not what was refused.
    expect(await autoLock.inputValue()).toBe(inForce);
    expect(await untiedFieldErrors(page)).toEqual([]);
    // A fraction, an unfinished number: refused the same way.
    for (const typed of ["1.5", "1e"]) {
      await autoLock.fill(typed);
      await autoLock.press("Enter");
      await expect.poll(async () => (await describedBy(autoLock)).text, { timeout: WAIT_MS }).toBe(`“${typed}” is not a whole number of minutes from 0 to 1,440 (0: never lock). The wallet still locks after ${inForce} idle minutes.`);
      expect(await autoLock.inputValue()).toBe(inForce);
    }
    // Leaving the field after a refusal keeps it said: nothing was typed since.
    await autoLock.blur();
    expect((await describedBy(autoLock)).text).toBe(`“1e” is not a whole number of minutes from 0 to 1,440 (0: never lock). The wallet still locks after ${inForce} idle minutes.`);
    // Main has the lock it had: read back after a reload.
    await page.reload();
    await passGate(page);
    if (!page.url().endsWith("#/settings")) await page.getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => page.getByLabel("Lock the wallet after this many idle minutes (0: never)").inputValue(), { timeout: WAIT_MS }).toBe(inForce);
    expect(await describedBy(page.getByLabel("Lock the wallet after this many idle minutes (0: never)"))).toEqual({ invalid: false, text: "" });
    expect(ctx.errors(page)).toEqual([]);
  });
}
