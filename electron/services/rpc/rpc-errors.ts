import { AppError } from "../app-error.js";

/** The node answered with a JSON-RPC error (https://www.jsonrpc.org/specification#error_object). */
export class RpcError extends AppError {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data: string | undefined,
  ) {
    super("rpc_error", data ? `${message}: ${data}`.slice(0, 1000) : message);
  }
}

/** One failed attempt at one endpoint, kept so the UI can say why it failed over. */
export interface AttemptFailure {
  readonly endpoint: string;
  readonly reason: string;
}

/** No endpoint gave an answer: refused, reset, 5xx from a proxy. Safe to retry for reads. */
export class RpcUnreachableError extends AppError {
  constructor(
    readonly attempts: readonly AttemptFailure[],
    code = "rpc_unreachable",
  ) {
    super(code, `no node answered (${attempts.map((a) => `${a.endpoint}: ${a.reason}`).join("; ")})`.slice(0, 1000));
  }
}

/** The last endpoint tried did not answer in time. */
export class RpcTimeoutError extends RpcUnreachableError {
  constructor(attempts: readonly AttemptFailure[]) {
    super(attempts, "rpc_timeout");
  }
}

/** The answer is unusable: too large, too deep, not JSON-RPC, wrong id, or the wrong shape. */
export class RpcResponseError extends AppError {
  constructor(
    readonly endpoint: string,
    reason: string,
    code: "rpc_bad_response" | "rpc_too_large" = "rpc_bad_response",
  ) {
    super(code, `${endpoint}: ${reason}`.slice(0, 1000));
  }
}

/** The access service's rate limit: not retried here, since retrying would only prolong it. */
export class RpcRateLimitedError extends AppError {
  constructor(
    readonly endpoint: string,
    readonly retryAfter: number | undefined,
  ) {
    super("rpc_rate_limited", `${endpoint}: too many requests${retryAfter === undefined ? "" : `; retry in ${retryAfter} s`}`);
  }
}
