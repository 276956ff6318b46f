/// <reference lib="dom" />
/**
 * The transaction list's keys over a list far longer than the rows it renders (28 of 100,000):
 * the real `TxTable` in Chromium, on the made-up rows of its benchmark page, since no devnet
 * wallet holds that many transfers. Each key must land focus on the row it names, even when that
 * row is only rendered a frame or two after the list scrolls to it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chromiumPages } from "./support/browser.js";
import { buildTxTablePage } from "./support/tx-table-page.js";

const ROWS = 100_000;
const chromium = chromiumPages({ width: 1400, height: 900 });
let dir = "";
let url = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cometdesk-e2e-table-"));
  url = await buildTxTablePage(resolve("."), dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The focused row's index, once focus has settled on a row. */
const focusedIndex = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index ?? "none");
/** How many whole rows the list shows, less one: what Page Down moves by. */
const pageRows = (page: Page) => page.evaluate(() => Math.max(1, Math.floor(document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!.clientHeight / 44) - 1));

it("moves focus by arrow, page, Home and End keys to rows not yet rendered when the key is pressed", async () => {
  const page = await chromium.newPage();
  await page.goto(`${url}?rows=${ROWS}&case=newest`);
  await page.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true);
  expect(await page.locator("[data-index]").count()).toBeLessThan(60);
  await page.locator('[data-index="0"]').focus();
  const step = await pageRows(page);

  await page.keyboard.press("End");
  await expect.poll(() => focusedIndex(page)).toBe(String(ROWS - 1));
  await page.keyboard.press("Home");
  await expect.poll(() => focusedIndex(page)).toBe("0");
  // Each Page Down moves one page from the row focused now: the second from where the first landed.
  await page.keyboard.press("PageDown");
  await expect.poll(() => focusedIndex(page)).toBe(String(step));
  await page.keyboard.press("PageDown");
  await expect.poll(() => focusedIndex(page)).toBe(String(2 * step));
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedIndex(page)).toBe(String(2 * step + 1));
  await page.keyboard.press("PageUp");
  await expect.poll(() => focusedIndex(page)).toBe(String(step + 1));
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => focusedIndex(page)).toBe(String(step));
  // The focused row is on screen, not just in the DOM.
  const box = await page.locator(`[data-index="${step}"]`).boundingBox();
  const view = await page.locator("[data-testid=tx-scroll]").boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(view!.y - 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(view!.y + view!.height + 1);
  expect(chromium.errors(page)).toEqual([]);
});

it("reuses each row's copy button for the row scrolled in, which says Copy whatever the row before it said", async () => {
  const page = await chromium.newPage();
  await page.goto(`${url}?rows=${ROWS}&case=newest`);
  await page.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true);
  // From the middle of the list, where as many rows are rendered as at the next place scrolled to.
  await page.locator("[data-testid=tx-scroll]").evaluate((el) => (el.scrollTop = 44 * 10_000));
  const first = page.locator('[data-index="10005"]').getByRole("button", { name: /^Copy transaction hash/ });
  await first.click();
  // Copied, or Copy failed where the page may not write the clipboard: either is this row's.
  await expect.poll(() => first.textContent()).toMatch(/^Cop(ied|y failed)$/);
  // Scrolled far in the page itself, well inside the 1.5 s the word stays: every row is another
  // transaction now, shown in the buttons already there (marked before), none made anew.
  const after = await page.evaluate(async () => {
    const buttons = () => [...document.querySelectorAll<HTMLButtonElement>("[data-index] button[aria-label^='Copy transaction hash']")];
    const marked = new WeakSet(buttons());
    const scroller = document.querySelector<HTMLElement>("[data-testid=tx-scroll]")!;
    scroller.scrollTop = 44 * 50_000;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    for (let i = 0; i < 60 && !document.querySelector('[data-index="50000"]'); i++) await frame();
    return buttons().map((b) => ({ text: b.textContent, reused: marked.has(b), row: b.closest<HTMLElement>("[data-index]")!.dataset.index }));
  });
  expect(after.some((b) => b.row === "50000")).toBe(true);
  expect(after.filter((b) => !b.reused)).toEqual([]);
  expect(after.filter((b) => b.text !== "Copy")).toEqual([]);
  expect(chromium.errors(page)).toEqual([]);
});
