import type { Page } from "playwright-core";
import type { E2eEnv } from "./context.js";

/**
 * How a spec reaches the app, so the same specs run against the renderer in Chromium (through
 * the bridge) and, where a binary exists, in Electron (through preload and IPC).
 */
export interface SpecContext {
  readonly env: () => E2eEnv;
  /** A page showing the app from its start, with a fresh page state where the runner can give one. */
  readonly open: () => Promise<Page>;
  /** The page's errors since `open` (console errors, CSP violations, uncaught exceptions). */
  readonly errors: (page: Page) => readonly string[];
}
