/**
 * A picture is taken only of an app that is live and settled: its node's websocket open (the
 * status bar says "live", with no note such as "following by polling"), and one height on every
 * part of the screen that shows the chain's latest height (each marks it with `data-chain-height`).
 * A picture that shows a fallback or two heights on one screen teaches the reader the wrong thing.
 */
import type { Page } from "playwright-core";

/** What the screen shows of the node at one instant. */
export interface AppMoment {
  /** The status bar's `data-state`: live, polling, offline, connecting, … (`unknown` before it renders). */
  readonly state: string;
  /** The status bar's notes and errors, in words. */
  readonly notes: readonly string[];
  /** Every latest height on the screen, in document order. */
  readonly heights: readonly string[];
}

/** Why the moment is not one to take a picture of, in words, or undefined when it is live and settled. */
export function unsettledProblem(m: AppMoment): string | undefined {
  if (m.state !== "live") return `the node's feed is ${m.state}, not live${m.notes.length > 0 ? ` (${m.notes.join("; ")})` : ""}`;
  if (m.notes.length > 0) return `the status bar says: ${m.notes.join("; ")}`;
  if (m.heights.length === 0) return "no latest height is on the screen";
  const bad = m.heights.find((h) => !/^\d+$/.test(h));
  if (bad !== undefined) return `a latest height on the screen is not a height: ${JSON.stringify(bad.slice(0, 40))}`;
  const distinct = [...new Set(m.heights)];
  if (distinct.length > 1) return `the screen shows ${distinct.length} different latest heights (${distinct.join(", ")})`;
  return undefined;
}

/** Reads the moment from the page in one evaluation, so that its parts belong to one render. */
export async function readMoment(page: Page): Promise<AppMoment> {
  return page.evaluate(() => {
    const bar = document.querySelector("[data-testid=node-status]");
    return {
      state: bar?.getAttribute("data-state") ?? "unknown",
      notes: [...document.querySelectorAll("[data-testid=node-note], [data-testid=node-error]")].map((e) => (e.textContent ?? "").trim()).filter((t) => t !== ""),
      heights: [...document.querySelectorAll("[data-chain-height]")].map((e) => e.getAttribute("data-chain-height") ?? ""),
    };
  });
}

/**
 * Reads the page with `read` until `done` holds of what it read, for at most `timeoutMs` (a bound,
 * not a pace: it returns at the first read that is done), reading every 200 ms; answers the last
 * read, done or not, so the caller can say what the screen showed.
 */
export async function readUntil<T>(page: Page, timeoutMs: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await page.waitForTimeout(200);
    value = await read();
  }
  return value;
}

/** Waits, up to `timeoutMs`, for the app to be live and settled; throws, saying what the screen showed last, when it never is. */
export async function waitSettled(page: Page, timeoutMs: number): Promise<void> {
  const problem = await readUntil(page, timeoutMs, async () => unsettledProblem(await readMoment(page)), (p) => p === undefined);
  if (problem !== undefined) throw new Error(`the app was not live and settled within ${Math.round(timeoutMs / 1000)} s: ${problem}`);
}
