/**
 * The shell's specs against the real renderer (dist/renderer) in Debian's Chromium, talking
 * to the real main-process services through the WebSocket bridge, on a real devnet.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { collectPageErrors, launchChromium } from "./support/browser.js";
import { shellSpecs } from "./specs/all-specs.js";

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors = new WeakMap<Page, string[]>();

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

shellSpecs({
  env: () => inject("e2e"),
  open: async () => {
    // A fresh context per spec: its own localStorage, like a new window.
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    errors.set(page, collectPageErrors(page));
    await page.goto(inject("e2e").appUrl);
    return page;
  },
  errors: (page) => errors.get(page) ?? [],
});

// Browser mode only: without the bridge in its URL the renderer explains how to start the app.
it("says how to start the app when opened without its main process", async () => {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const url = new URL(inject("e2e").appUrl);
  await page.goto(`${url.origin}${url.pathname}`);
  const alert = page.getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toContain("npm start");
});
