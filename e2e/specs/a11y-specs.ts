/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import type { Locator } from "playwright-core";
import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../support/app.js";
import { devnetInfo } from "../support/chain.js";
import { E2E_PASSWORD } from "../support/context.js";
import { describedBy, untiedFieldErrors } from "../support/field-errors.js";
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

  it("fits every page into the window's 800 px minimum: nothing reaches past the page but a wide table, which scrolls in its own frame", async () => {
    const page = await ctx.open();
    await page.setViewportSize({ width: 800, height: 700 });
    try {
      await passGate(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const routes = (await nav.getByRole("link").allTextContents()).map((r) => r.trim());
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        await nav.getByRole("link", { name: route, exact: true }).click();
        // A page's chunk may still be on its way on a busy machine: the default second is not enough.
        await expect.poll(() => nav.locator('[aria-current="page"]').textContent(), { timeout: WAIT_MS, message: route }).toBe(route);
        // Checked once the page has its data: its tables and forms are what could be too wide.
        await expect.poll(() => page.locator("main [aria-busy=true]").count(), { timeout: WAIT_MS, message: route }).toBe(0);
        const past = await page.evaluate(() => {
          const main = document.querySelector("main")!.getBoundingClientRect();
          const found = [...document.querySelectorAll<HTMLElement>("main *")]
            // A wide table scrolls sideways inside its frame (.table-frame), header and rows together.
            .filter((el) => !el.closest(".table-frame") && el.getClientRects().length > 0 && el.getBoundingClientRect().right > main.right + 1)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.textContent?.trim().slice(0, 40) ?? ""}`);
          const doc = document.documentElement;
          return doc.scrollWidth > doc.clientWidth ? [...found, `the page scrolls sideways (${doc.scrollWidth} px)`] : found;
        });
        expect(past, route).toEqual([]);
      }
    } finally {
      // Inside Electron the specs share one window: the next spec gets a common desktop size back.
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(ctx.errors(page)).toEqual([]);
  });

  it("ties each form's field errors to their fields: send, lock screen, access token", async () => {
    const page = await ctx.open();
    await passGate(page);
    const expectTied = async (control: Locator, message: RegExp, where: string) => {
      await expect.poll(async () => (await describedBy(control)).invalid, { timeout: WAIT_MS, message: where }).toBe(true);
      expect((await describedBy(control)).text, where).toMatch(message);
      expect(await untiedFieldErrors(page), where).toEqual([]);
    };

    // Send: each field that can show an error, one at a time; the rest valid. This suite's wallet
    // holds nothing, so a valid transfer ends on the amount's balance error, tied the same way.
    await page.getByRole("link", { name: "Send", exact: true }).click();
    await page.locator(".send-form").waitFor({ timeout: WAIT_MS });
    const field = (label: string | RegExp) => (typeof label === "string" ? page.getByLabel(label, { exact: true }) : page.getByLabel(label));
    const fee = /^Fee \(/;
    const defaults = { fee: await field(fee).inputValue(), gas: await field("Gas limit").inputValue() };
    const bob = devnetInfo(ctx.env().devnetDir).accounts.find((a) => a.name === "bob")!.address;
    const cases: Array<[string | RegExp, string, RegExp]> = [
      ["Recipient address", bob.slice(0, -1) + (bob.endsWith("q") ? "p" : "q"), /checksum/],
      ["Amount", "abc", /digits/],
      ["Memo (optional, public on chain)", "x".repeat(300), /256 bytes/],
      [fee, "-1", /Leave out the minus sign/],
      ["Gas limit", "0", /whole number/],
      ["Amount", "1", /more than this account can spend/],
    ];
    for (const [label, value, message] of cases) {
      await field("Recipient address").fill(bob);
      await field("Amount").fill("1");
      await field("Memo (optional, public on chain)").fill("");
      await field(fee).fill(defaults.fee);
      await field("Gas limit").fill(defaults.gas);
      await field(label).fill(value);
      await page.getByRole("button", { name: "Review" }).click();
      await expectTied(field(label), message, `send: ${String(label)}`);
    }

    // The lock screen's password.
    await page.keyboard.press("Control+Shift+L");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("not the password");
    await page.keyboard.press("Enter");
    await expectTied(password, /password/i, "lock screen");
    await password.fill(E2E_PASSWORD);
    await page.keyboard.press("Enter");
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });

    // An access token main refuses (longer than any token) is refused on its field; the stored one stays.
    await page.getByRole("link", { name: "Networks", exact: true }).click();
    const row = page.locator("tr[data-network-id]").first();
    await row.getByRole("button", { name: /Set token|Replace token/ }).click();
    const token = row.getByLabel(/Access token for/);
    await token.fill("t".repeat(5000));
    await row.getByRole("button", { name: "Save token" }).click();
    await expectTied(token, /./, "access token");
    await row.getByRole("button", { name: "Cancel" }).click();
    expect(ctx.errors(page)).toEqual([]);
  });
}
