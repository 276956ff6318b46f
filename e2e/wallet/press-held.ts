/// <reference lib="dom" />
// Callbacks passed to locator.evaluate run in the page, hence the DOM types.
/**
 * A control pressed by keyboard while main's answer is held back, so a spec can see what the
 * page shows while main works: a busy control says so, takes no second press, and keeps the
 * keyboard's focus (a disabled one would drop it on the page's body).
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { WAIT_MS } from "../support/app.js";
import type { WalletWorld } from "./wallet-world.js";

/** Focuses `control`, presses `key` with main's answers to `method` held, runs `whileHeld`, then lets the answers through. */
export async function pressHeld(w: WalletWorld, method: string, control: Locator, whileHeld: () => Promise<void>, key = "Enter"): Promise<void> {
  w.slowLink(true, [method]);
  try {
    await control.focus();
    await w.page.keyboard.press(key);
    await whileHeld();
  } finally {
    w.slowLink(false);
  }
}

/** The element with the keyboard's focus is `locator`'s. */
export const hasFocus = (locator: Locator): Promise<boolean> => locator.evaluate((el) => el === document.activeElement);

/** The button now named `busyLabel` is marked busy (`aria-disabled`, not `disabled`) and still has the focus. */
export async function expectBusyButton(page: Page, busyLabel: string): Promise<void> {
  const busy = page.getByRole("button", { name: busyLabel, exact: true });
  await busy.waitFor({ timeout: WAIT_MS });
  expect(await busy.getAttribute("aria-disabled")).toBe("true");
  // The DOM's own flag: Playwright's isDisabled() counts aria-disabled too.
  expect(await busy.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
  expect(await hasFocus(busy)).toBe(true);
}
