import { ApiError } from "../api/unwrap.js";

/** What the user can do about a failure: go to Networks (the token), try again, or wait it out. */
export type ProblemAction = "networks" | "retry" | "wait" | "none";

/** An access service failure in plain words: what happened, and what to do about it. */
export interface AccessProblem {
  readonly kind: "token" | "forbidden" | "too_late" | "nonce" | "rate_limited" | "service_bug" | "upstream" | "unavailable" | "dropped" | "timeout";
  readonly title: string;
  readonly text: string;
  readonly action: ProblemAction;
  /** For `rate_limited`: the wait the service asked for (`Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** The service's own words, shown as a detail after ours. */
  readonly detail: string;
}

/** When a 429 names no wait, the UI still waits before it asks again. */
export const DEFAULT_WAIT_S = 5;

/** The 429 sentence, recomputed as the countdown runs; `retrying` when the page asks again by itself. */
export function waitText(seconds: number, retrying = true): string {
  if (!retrying) return `Too many requests for this token; ${seconds > 0 ? `wait ${seconds} s, then try again` : "you can try again now"}.`;
  return `Too many requests for this token; retrying in ${seconds} s. Nothing you typed is lost.`;
}

/**
 * Words the access service's errors (docs/access-interface.md, "Errors") by HTTP status and
 * code. Undefined for errors that are not the access service's: the caller shows those as they are.
 */
export function describeAccessProblem(error: unknown, networkName: string): AccessProblem | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { code, status } = error;
  const detail = error.message;
  const is = (s: number, ...codes: string[]) => status === s || codes.includes(code);
  if (code === "no_token") {
    return { kind: "token", title: "No access token", text: `No access token is set for ${networkName}. Set one on the Networks page; what you typed here is kept.`, action: "networks", detail };
  }
  if (is(401, "access_unauthorized")) {
    return { kind: "token", title: "The access token was refused", text: `The access service refused the token for ${networkName}: it is unknown, mistyped or revoked. Replace it on the Networks page; what you typed here is kept.`, action: "networks", detail };
  }
  if (is(403, "access_forbidden")) {
    return { kind: "forbidden", title: "Not allowed with this token", text: `The access service does not let the token set for ${networkName} do this. If the transfer was sent with another token, set that one again on the Networks page.`, action: "networks", detail };
  }
  if (code === "access_already_broadcast" || code === "access_not_cancellable") {
    return { kind: "too_late", title: "Too late to cancel", text: "Too late to cancel: the transfer has left the hold window and is in the network's mempool, and a Cosmos chain cannot take a transaction back. It will be committed or fail on its own.", action: "none", detail };
  }
  if (code === "access_nonce_too_low" || code === "access_nonce_in_use") {
    return { kind: "nonce", title: "Another transfer came first", text: "Another transfer from this account used the same sequence number first. Go back to the form and review again to sign with the next one.", action: "none", detail };
  }
  if (is(429, "access_rate_limited")) {
    const wait = error.retryAfterSeconds ?? DEFAULT_WAIT_S;
    return { kind: "rate_limited", title: "Too many requests", text: waitText(wait), action: "wait", retryAfterSeconds: wait, detail };
  }
  if (status === 500) {
    return { kind: "service_bug", title: "The access service failed", text: "The access service failed (a bug in the service, not a problem with your transfer). Try again; if it keeps failing, tell whoever runs the service.", action: "retry", detail };
  }
  if (is(502, "access_upstream_error") || is(504, "access_upstream_timeout")) {
    return { kind: "upstream", title: "The service cannot reach its node", text: "The access service cannot reach its node, or the node is too slow to answer. Try again in a moment; it works again as soon as the node is back.", action: "retry", detail };
  }
  if (is(503, "access_unavailable")) {
    return { kind: "unavailable", title: "The access service is not ready", text: "The access service is starting or shutting down. Try again in a moment.", action: "retry", detail };
  }
  if (code === "access_unreachable") {
    return { kind: "dropped", title: "The connection was lost", text: "The connection to the access service was lost before it answered (the service may be down or restarting). Check that it runs, then retry; nothing you typed is lost.", action: "retry", detail };
  }
  if (code === "access_timeout") {
    return { kind: "timeout", title: "No answer in time", text: "The access service did not answer in time. Retry; if it keeps happening, the service or its node is overloaded.", action: "retry", detail };
  }
  return undefined;
}
