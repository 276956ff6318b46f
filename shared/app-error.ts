/**
 * The base of every error a service throws on purpose. `code` and `message` are what the
 * renderer sees, so a message never carries a secret, a path to one, or a stack.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** An upstream service's HTTP status and Retry-After, passed on so the UI can say what to do. */
    readonly hints: { readonly status?: number; readonly retryAfterSeconds?: number; gasPriceNow?: string; readonly chainWords?: string } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A record the caller named does not exist (network, account, transaction). */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super("not_found", message);
  }
}

/** The call is valid but conflicts with the current state (e.g. removing the last network). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super("conflict", message);
  }
}
