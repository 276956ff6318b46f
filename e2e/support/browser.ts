import { type Browser, chromium, type ConsoleMessage, type Page } from "playwright-core";

/** Debian's Chromium; no browser is downloaded (none can be, here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-gpu"],
  });
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
