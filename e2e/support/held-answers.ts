/// <reference lib="dom" />
// Callbacks passed to locator.evaluate run in the page, hence the DOM types.
/**
 * Main's answers held back in a browser-mode page's own bridge socket, for a spec to see what the
 * page shows while main works. Chromium only: inside Electron the calls go through preload.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { WAIT_MS } from "./app.js";

export interface HeldAnswers {
  /** Holds the answers to these methods from now on (an empty list holds none). */
  hold(methods: readonly string[]): void;
  /** Lets every held answer through and holds no more. */
  release(): void;
  /** How many answers are held now. */
  readonly count: number;
}

/** Routes the page's bridge socket through the test. Install before the page opens the app. */
export async function holdAnswers(page: Page): Promise<HeldAnswers> {
  const calls = new Map<number, string>();
  let holding = new Set<string>();
  const held: Array<() => void> = [];
  await page.routeWebSocket(/^ws:\/\/127\.0\.0\.1:\d+/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      const call = parseFrame(frame);
      if (call.type === "call" && typeof call.method === "string" && typeof call.id === "number") calls.set(call.id, call.method);
      server.send(frame);
    });
    server.onMessage((frame) => {
      const answer = parseFrame(frame);
      const method = typeof answer.id === "number" ? calls.get(answer.id) : undefined;
      if (answer.type === "result" && method !== undefined && holding.has(method)) held.push(() => socket.send(frame));
      else socket.send(frame);
    });
  });
  return {
    hold: (methods) => void (holding = new Set(methods)),
    release: () => {
      holding = new Set();
      held.splice(0).forEach((send) => send());
    },
    get count() {
      return held.length;
    },
  };
}

/** Focuses `control`, presses `key` with main's answers to `method` held, runs `whileHeld`, then lets them through. */
export async function pressWhileHeld(answers: Pick<HeldAnswers, "hold" | "release">, method: string, control: Locator, whileHeld: () => Promise<void>, key = "Enter"): Promise<void> {
  answers.hold([method]);
  try {
    await control.focus();
    await control.page().keyboard.press(key);
    await whileHeld();
  } finally {
    answers.release();
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

function parseFrame(frame: string | Buffer): { type?: unknown; id?: unknown; method?: unknown } {
  try {
    const value: unknown = JSON.parse(String(frame));
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}
