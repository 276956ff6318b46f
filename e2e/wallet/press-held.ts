/**
 * A control pressed by keyboard while main's answer is held back, so a spec can see what the
 * page shows while main works: a busy control says so, takes no second press, and keeps the
 * keyboard's focus (a disabled one would drop it on the page's body).
 */
import type { Locator } from "playwright-core";
import { pressWhileHeld } from "../support/held-answers.js";
import type { WalletWorld } from "./wallet-world.js";

/** `pressWhileHeld` with the answers held by the wallet world's slow link instead of the page's socket. */
export const pressHeld = (w: WalletWorld, method: string, control: Locator, whileHeld: () => Promise<void>, key = "Enter"): Promise<void> =>
  pressWhileHeld({ hold: (methods) => w.slowLink(true, methods), release: () => w.slowLink(false) }, method, control, whileHeld, key);
