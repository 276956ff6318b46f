import { type Browser, type BrowserContext, chromium, type ConsoleMessage, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { recordBrowser, retirePages } from "./bridge-recorder.js";

/** Debian's Chromium; no browser is downloaded (none can be, here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium with every bridge frame of every page recorded for the suite's secret scan.
 * `record: false` is for the benchmarks: they run main's services in their own process, and the
 * recorder would parse and keep every frame there, on main's event loop and in its heap.
 */
export async function launchChromium(options: { readonly record?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-gpu"],
  });
  if (options.record !== false) recordBrowser(browser);
  return browser;
}

/**
 * Collects what the page reports as errors: console errors (CSP violations land there) and
 * uncaught exceptions. A spec asserts the list is empty.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Chromium for one spec file, started before its tests and closed after them. Each `newPage`
 * is in a fresh context (its own storage, like a new window) with its errors collected. A test's
 * contexts close when it ends, after the secret scan's recorder has taken their pages'
 * snapshots: left open, each page's app keeps following the chain, and a file's worth of them
 * took the CPU that later tests' page loads needed.
 */
export function chromiumPages(viewport: { readonly width: number; readonly height: number }) {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const errors = new WeakMap<Page, string[]>();
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    const closing = contexts;
    contexts = [];
    await retirePages(closing.flatMap((c) => c.pages()));
    for (const c of closing) await c.close();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  return {
    async newPage(): Promise<Page> {
      if (!browser) throw new Error("Chromium has not started: newPage runs inside a test");
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      errors.set(page, collectPageErrors(page));
      return page;
    },
    errors: (page: Page): readonly string[] => errors.get(page) ?? [],
  };
}
