/**
 * How long the user's reads wait for a node's rate limit, from main's `network.rateLimitWait`
 * events (renderer/src/events/ feeds it): one small store, read where a person waits on a read (the
 * loading line, a review being prepared). A background read's wait is nobody's to see.
 */
export interface RateLimitWaits {
  /** One wait as main told it: `seconds` from `now`. */
  note(wait: { readonly priority: "user" | "background"; readonly seconds: number }, now?: number): void;
  /** When the longest wait told so far ends (ms since the epoch); 0 before any. */
  readonly until: () => number;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createRateLimitWaits(): RateLimitWaits {
  let until = 0;
  const listeners = new Set<() => void>();
  return {
    note(wait, now = Date.now()) {
      if (wait.priority !== "user") return;
      const end = now + wait.seconds * 1_000;
      if (end <= until) return;
      until = end;
      listeners.forEach((l) => l());
    },
    until: () => until,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The renderer's one store of waits. */
export const rateLimitWaits = createRateLimitWaits();

/** Whole seconds left of the wait that ends at `until`, or undefined once it is over. */
export function secondsLeft(until: number, now: number): number | undefined {
  return until > now ? Math.ceil((until - now) / 1_000) : undefined;
}

/** What is said while a read waits; shown with the seconds left: "waiting for the node's rate limit (2 s)". */
export const RATE_LIMIT_WAIT = "waiting for the node's rate limit";
