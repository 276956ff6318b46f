/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { WAIT_MS } from "./app.js";
import { shownAs } from "./hostile-corpus.js";

/** What a page holds that hostile text could have turned into something active. */
async function activeParts(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll("*")];
    return {
      pwned: (window as unknown as { __pwned?: unknown }).__pwned !== undefined,
      // The app's own markup has no inline handlers (the CSP forbids them anyway).
      handlers: all.flatMap((e) => [...e.attributes].filter((a) => a.name.toLowerCase().startsWith("on")).map((a) => `${e.tagName} ${a.name}`)),
      injected: [...document.querySelectorAll("img, svg, iframe, object, embed, script:not([src]), body script")]
        .filter((e) => /__pwned|src=x|javascript:/i.test(e.outerHTML) || e.tagName === "IFRAME")
        .map((e) => e.tagName),
      hrefs: [...document.querySelectorAll("a[href], area[href], [xlink\\:href]")].map((e) => e.getAttribute("href") ?? ""),
      text: document.body.innerText,
    };
  });
}

/**
 * The page shows each of `texts` as text (hidden characters as visible marks) and nothing
 * hostile became active: no `window.__pwned`, no inline handler or injected element, no link
 * that is not an in-app route or https, and the page still at the app's own address.
 */
export async function expectInert(page: Page, texts: readonly string[], appUrl: string, where: string, show: (text: string) => string = shownAs): Promise<void> {
  const shown = texts.map(show);
  // A transaction's page behind the rewriting proxy once took over 20 s to show its events, in a
  // fresh-clone run with both cores busy (the soak beside the e2e phase), for a cause not yet
  // known: the window is twice the suite's wait, and a miss says what the page showed.
  let last = "";
  const missing = expect.poll(async () => {
    // Sections load on their own time, and a closed <details> renders nothing: open each as it comes.
    await page.evaluate(() => document.querySelectorAll("details:not([open])").forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const { text } = await activeParts(page);
    last = text;
    return shown.filter((s) => !text.includes(s));
  }, { message: `${where}: hostile text shown as text`, timeout: 2 * WAIT_MS }).toEqual([]);
  await missing.catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nThe page showed: ${JSON.stringify(last.slice(0, 600))}`, { cause: error });
  });
  const parts = await activeParts(page);
  expect(parts.pwned, `${where}: a payload ran`).toBe(false);
  expect(parts.handlers, `${where}: inline event handlers`).toEqual([]);
  expect(parts.injected, `${where}: elements from a payload`).toEqual([]);
  expect(parts.hrefs.filter((h) => !/^(#|https:\/\/)/i.test(h)), `${where}: links that are neither app routes nor https`).toEqual([]);
  const here = new URL(page.url());
  const app = new URL(appUrl);
  expect(`${here.origin}${here.pathname}`, `${where}: the page navigated away`).toBe(`${app.origin}${app.pathname}`);
}
