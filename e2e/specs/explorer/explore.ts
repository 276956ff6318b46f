import type { Page } from "playwright-core";
import { passGate, WAIT_MS } from "../../support/app.js";
import type { SpecContext } from "../../support/spec-context.js";

/** A fresh page on the four-validator devnet's app, past the gate, at `#/<route>`. */
export async function explore(ctx: SpecContext, route: string): Promise<Page> {
  const page = await ctx.open();
  const base = ctx.env().four.appUrl.replace(/#.*$/, "");
  await page.goto(`${base}#/${route}`);
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
