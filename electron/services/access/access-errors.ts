import { AppError } from "../app-error.js";

/**
 * The access service refused: `status` and `code` are the service's (docs/access-interface.md,
 * "Errors"); the renderer sees the code as `access_<code>`.
 */
export class AccessError extends AppError {
  constructor(
    readonly status: number,
    readonly serviceCode: string,
    message: string,
    readonly retryAfter: number | undefined,
  ) {
    super(`access_${serviceCode}`, message.slice(0, 1000), { status, retryAfterSeconds: retryAfter });
  }
}

/** No answer from the access service: refused, reset, timed out, or not an answer at all. */
export class AccessUnreachableError extends AppError {
  constructor(
    readonly url: string,
    reason: string,
    readonly timedOut = false,
    /** The connection failed or was cut (no answer arrived), as opposed to an answer that made no sense. */
    readonly connectionLost = timedOut,
  ) {
    super(timedOut ? "access_timeout" : "access_unreachable", `the access service at ${url} did not answer: ${reason}`);
  }
}
