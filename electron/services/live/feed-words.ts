import { ERROR_CODES } from "../../../shared/error-codes.js";

/** Starts the reason while the feed waits out a node's rate limit: cleared by the next poll it answers. */
export const RATE_LIMIT_WAIT = "waiting for the node's rate limit";

const every = (ms: number) => `every ${ms >= 1_000 ? Math.round(ms / 1_000) : ms / 1_000} s`;

/**
 * Why the feed polls, in words, from the websocket's failure: a public node or its proxy that
 * offers no `/websocket`, or drops it, is normal and no alarm; polling follows the node meanwhile.
 */
export function socketWords(why: string, pollMs: number): string {
  const status = /Unexpected server response: (\d{3})/.exec(why)?.[1];
  const said = status
    ? `this node does not offer a websocket (refused with HTTP ${status})`
    : /ECONNREFUSED/.test(why)
      ? "this node does not offer a websocket (connection refused)"
      : why === "closed"
        ? "the node's websocket was closed (a proxy may drop long connections)"
        : /timed out/i.test(why)
          ? "the node's websocket did not open in time"
          : `the node's websocket failed (${why.slice(0, 200)})`;
  return `${said}; following by polling ${every(pollMs)}`;
}

/** A read refused for load: every endpoint rate-limiting (rpc-errors.ts `RpcRateLimitedError`), with the seconds it asks. */
export function rateLimited(error: unknown): { readonly retryAfterSeconds: number } | undefined {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== ERROR_CODES.rpcRateLimited) return undefined;
  const seconds = (error as { hints?: { retryAfterSeconds?: unknown } }).hints?.retryAfterSeconds;
  return { retryAfterSeconds: typeof seconds === "number" && seconds > 0 ? seconds : 2 };
}

/** The feed's reason while a poll waits for the node's rate limit. */
export const rateLimitWords = (retryAfterSeconds: number, pollMs: number): string => `${RATE_LIMIT_WAIT} (next poll in ${Math.max(retryAfterSeconds, Math.ceil(pollMs / 1_000))} s); following by polling ${every(pollMs)}`;
