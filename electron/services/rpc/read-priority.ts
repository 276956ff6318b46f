import { AsyncLocalStorage } from "node:async_hooks";
import type { ReadPriority } from "../../../shared/net/request-budget.js";

/**
 * Whose read this is, carried through every await of a call: the dispatcher runs a renderer's
 * call as the user's (unless the renderer says it is a refresh), and main's own loops (the live
 * feed, the watch, the outbox's reconcile) run as background, so a rate-limited node serves the
 * read a person is waiting for first (shared/net/request-budget.ts).
 */
const current = new AsyncLocalStorage<ReadPriority>();

/** The priority of the read being made now; a read outside any marked call is background. */
export function readPriority(): ReadPriority {
  return current.getStore() ?? "background";
}

/** Runs `fn` (and everything it starts) as reads of `priority`. */
export function withReadPriority<T>(priority: ReadPriority, fn: () => T): T {
  return current.run(priority, fn);
}
