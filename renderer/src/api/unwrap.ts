import type { Envelope, ErrorInfo } from "../../../shared/envelope.js";
import { visibleText } from "../components/text/visible-text.js";

/** A failed call, carrying main's error code so the UI can react to it (e.g. wallet_locked). */
export class ApiError extends Error {
  readonly code: string;
  /** The access service's HTTP status, when the failure is its answer. */
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** A fee refused as too low: the gas price the chain asks for now. */
  readonly gasPriceNow: string | undefined;
  /** A refusal worded for a person: the chain's own text, shown on request. */
  readonly chainWords: string | undefined;
  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = "ApiError";
    this.code = info.code;
    this.status = info.status;
    this.retryAfterSeconds = info.retryAfterSeconds;
    this.gasPriceNow = info.gasPriceNow;
    this.chainWords = info.chainWords;
  }
}

/** The value of an envelope, or an ApiError: react-query wants failures as rejections. */
export async function unwrap<T>(call: Promise<Envelope<T>>): Promise<T> {
  const answer = await call;
  if (!answer.ok) throw new ApiError(answer.error);
  return answer.value;
}

/**
 * A short message for any error shown to the user. A node's or a service's error text is
 * theirs to choose, so its bidi and zero-width characters are shown, not obeyed.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return visibleText(error.message);
  return "Something went wrong.";
}
