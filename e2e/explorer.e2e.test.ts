/**
 * The explorer's pages against a four-validator devnet: the real renderer in Chromium, the
 * real services behind the bridge, each page compared with what the node's RPC says.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { collectPageErrors, launchChromium } from "./support/browser.js";
import { explorerSpecs } from "./specs/explorer/explorer-specs.js";

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

describe("explorer", () =>
  explorerSpecs({
    env: () => inject("e2e"),
    open: async () => {
      const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      errors.set(page, collectPageErrors(page));
      return page;
    },
    errors: (page) => errors.get(page) ?? [],
  }));
