/**
 * A control pressed by keyboard while main's answer is held back, so a spec can see what the
 * page shows while main works: a busy control says so, takes no second press, and keeps the
 * keyboard's focus (a disabled one would drop it on the page's body).
 */
import type { Locator } from "playwright-core";
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
