import type { ErrorBody } from "../../shared/access/bodies.js";
/** An error answered to the client as `{"error":{code,message,details?}}` (docs/access-interface.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The JSON body of the answer. */
  body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

/** The node could not be reached, answered badly, or answered too late. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "bad_response" | "too_large",
    message: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }

  /** HTTP status for this failure: 504 for a slow node, 502 otherwise. */
  get status(): number {
    return this.kind === "timeout" ? 504 : 502;
  }
}

/** The node answered a JSON-RPC call with an error object. */
export class NodeRpcError extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
    this.name = "NodeRpcError";
  }
}

/**
 * A file on disk that cannot be read back safely, or a write that did not complete. `code` is the
 * system's (ENOSPC, EIO, …) for a failed write, so a request that met it answers 503.
 */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

/** The database cannot be reached or refused for a reason that passes (connection lost, shutting down, too many clients): a 503, retry later. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}
