import type { Page } from "playwright-core";
import { passGate, WAIT_MS } from "../../support/app.js";
import { appLink } from "../../support/app-link.js";
import { type HeldAnswers, holdAnswers } from "../../support/held-answers.js";
import type { SpecContext } from "../../support/spec-context.js";

/** A fresh page on the four-validator devnet's app, past the gate, at `#/<route>`. */
export async function explore(ctx: SpecContext, route: string, beforeOpen?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await ctx.open();
  await beforeOpen?.(page); // e.g. routing the page's bridge socket, which must be set before the app connects
  await page.goto(await appLink(ctx.env().four, route));
  await passGate(page);
  // The gate may have replaced the fragment; go where the spec asked.
  if (!page.url().endsWith(`#/${route}`)) await page.evaluate((r) => (window.location.hash = `#/${r}`), route);
  await page.locator("#page-title").waitFor({ timeout: WAIT_MS });
  return page;
}

/** The text of the fact row labelled `label` in the definition list `testId`. */
export async function fact(page: Page, testId: string, label: string): Promise<string> {
  return ((await page.getByTestId(testId).locator(`dd[data-fact="${label}"]`).textContent()) ?? "").trim();
}

/** Tabs (keyboard only, at most 60 presses) until the focus is inside `target`: a test id, or a CSS selector. */
export async function tabInto(page: Page, target: string): Promise<void> {
  const selector = /^[\w-]+$/.test(target) ? `[data-testid="${target}"]` : target;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.closest(s) != null, selector)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** An attribute of the element that has the focus. */
export function focusedAttr(page: Page, name: string): Promise<string | null> {
  return page.evaluate((n) => document.activeElement?.getAttribute(n) ?? null, name);
}

/** `explore`, with main's answers to the page routed through the test's hand (`holdAnswers`). */
export async function exploreHolding(ctx: SpecContext, route: string): Promise<{ page: Page; answers: HeldAnswers }> {
  let answers: HeldAnswers | undefined;
  const page = await explore(ctx, route, async (p) => void (answers = await holdAnswers(p)));
  return { page, answers: answers! };
}
