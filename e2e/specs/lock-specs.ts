/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../support/app.js";
import { E2E_PASSWORD } from "../support/context.js";
import { describedBy, untiedFieldErrors } from "../support/field-errors.js";
import type { SpecContext } from "../support/spec-context.js";

/** Everything the page keeps in web storage, keys and values. */
const storage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
const storedWords = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);

/** First run creates a vault; the lock screen then guards the app until the right password. */
export function lockSpecs(ctx: SpecContext): void {
  it("creates a wallet, shows the phrase once, locks, refuses a wrong password and unlocks", async () => {
    const page = await ctx.open();
    const create = page.getByRole("button", { name: "Create a new wallet" });
    await expect.poll(async () => (await create.count()) + (await page.locator(".lock-screen").count()), { timeout: WAIT_MS }).toBeGreaterThan(0);
    if (await create.count()) {
      const storedBefore = storedWords(await storage(page));
      await create.click();
      await page.getByLabel("Password (at least 8 characters)").fill(E2E_PASSWORD);
      await page.getByLabel("Password again").fill("something else");
      await page.getByRole("button", { name: "Create wallet" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toContain("differ");
      // On the field that has to change, and read out as its description.
      expect(await describedBy(page.getByLabel("Password again"))).toEqual({ invalid: true, text: "The two passwords differ." });
      expect(await untiedFieldErrors(page)).toEqual([]);
      await page.getByLabel("Password again").fill(E2E_PASSWORD);
      await page.getByRole("button", { name: "Create wallet" }).click();
      const phrase = page.getByTestId("mnemonic");
      await phrase.waitFor({ timeout: WAIT_MS });
      const words = await phrase.locator("li").allTextContents();
      expect(words).toHaveLength(24);
      await page.getByRole("button", { name: "I have written it down" }).click();
      // Three words are asked back before the app opens; the keyboard is on the first choice.
      const groups = page.getByRole("group", { name: /^Word \d+$/ });
      await groups.first().waitFor({ timeout: WAIT_MS });
      expect(await groups.first().evaluate((g) => g.querySelector("button") === document.activeElement)).toBe(true);
      for (const group of await groups.all()) {
        const position = Number((await group.getAttribute("aria-label"))!.split(" ")[1]);
        await group.getByRole("button", { name: words[position - 1]!, exact: true }).click();
      }
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      // Gone from the page and never stored by the renderer.
      expect(await page.content()).not.toContain(words.slice(0, 6).join(" "));
      // No word of it in what the renderer stores that was not stored before the phrase existed:
      // the app's own keys and values are English ("cometdesk.bridge-session", "secret", "light"),
      // and any of those words can be in a phrase.
      const storedAfter = storedWords(await storage(page));
      const added = words.filter((word) => storedAfter.has(word) && !storedBefore.has(word));
      expect(added).toEqual([]);
    } else {
      await passGate(page);
    }

    // Lock with the keyboard shortcut.
    await page.keyboard.press("Control+Shift+L");
    const password = page.getByLabel("Password");
    await password.waitFor({ timeout: WAIT_MS });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("unlock-password");
    expect(await page.locator(".shell").count()).toBe(0);

    await password.fill("not the password");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("alert").textContent(), { timeout: WAIT_MS }).toMatch(/password/i);
    expect(await page.locator(".shell").count()).toBe(0);

    await password.fill(E2E_PASSWORD);
    await page.keyboard.press("Enter");
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("button", { name: "Lock" }).count()).toBe(1);
    // The keyboard lands on the page's heading, not on the page's body where the lock screen's field was.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: WAIT_MS }).toBe("page-title");
  });
}
