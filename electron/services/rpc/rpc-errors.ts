import { ERROR_CODES } from "../../../shared/error-codes.js";
import { AppError } from "../app-error.js";

/** The node answered with a JSON-RPC error (https://www.jsonrpc.org/specification#error_object). */
export class RpcError extends AppError {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data: string | undefined,
    /** Set by `rpcErrorFrom` when the node's words are recognised and said plainly instead. */
    plain?: { readonly code: string; readonly message: string },
  ) {
    super(plain?.code ?? "rpc_error", plain?.message ?? (data ? `${message}: ${data}`.slice(0, 1000) : message));
  }
}

/*
 * CometBFT's refusals of a height (rpc/core/env.go, getHeight), which every read at a height
 * (block, block_results, commit, validators, consensus_params) answers with. The node's
 * "Internal error: height 999999 must be less than or equal to the current blockchain height
 * 226" reads like a fault; the user asked for a block that is not made yet, or no longer kept.
 */
const AHEAD = /^height (\d{1,20}) must be less than or equal to the current blockchain height (\d{1,20})$/;
const PRUNED = /^height (\d{1,20}) is not available, lowest height is (\d{1,20})$/;

/** JSON-RPC's "Method not found" (https://www.jsonrpc.org/specification#error_object). */
export const METHOD_NOT_FOUND = -32601;

/** What a node without `route` says: not a fault, since generations differ in the routes they have. */
export const routeMissing = (route: string) =>
  `this node has no ${route} route: nodes of some generations lack it (Tendermint 0.34 has no header or header_by_hash), and a node or proxy may leave any route out`;

/** The error for a node's JSON-RPC error, its height refusals and missing routes said as what they mean. */
export function rpcErrorFrom(rpcCode: number, message: string, data: string | undefined, route?: string): RpcError {
  if (rpcCode === METHOD_NOT_FOUND && route !== undefined) return new RpcError(rpcCode, message, data, { code: ERROR_CODES.rpcRouteMissing, message: routeMissing(route) });
  const text = data?.trim() ?? "";
  const ahead = AHEAD.exec(text);
  if (ahead) {
    return new RpcError(rpcCode, message, data, { code: ERROR_CODES.rpcHeightAhead, message: `height ${ahead[1]} is not on the chain yet: the node's newest block is ${ahead[2]}` });
  }
  const pruned = PRUNED.exec(text);
  if (pruned) {
    return new RpcError(rpcCode, message, data, {
      code: ERROR_CODES.rpcHeightPruned,
      message: `height ${pruned[1]} is no longer kept by this node: its oldest block is ${pruned[2]} (an archive node keeps every block)`,
    });
  }
  return new RpcError(rpcCode, message, data);
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

/**
 * The node answered for another chain than the network is set up for: a misconfigured or
 * switched node. Its answers are refused, so one chain's data is never shown as another's.
 */
export class RpcWrongChainError extends AppError {
  constructor(
    readonly endpoint: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super("rpc_wrong_chain", `the node at ${endpoint} is on chain "${actual}", but this network is "${expected}"; its answers are not shown`.slice(0, 1000));
  }
}

/** The node returned a transaction whose bytes do not hash to the hash it claims: not to be trusted. */
export class RpcTxHashMismatchError extends AppError {
  constructor(
    readonly endpoint: string,
    readonly claimed: string,
    readonly actual: string,
  ) {
    super("rpc_hash_mismatch", `the node at ${endpoint} returned a transaction whose hash does not match (it says ${claimed}, its bytes hash to ${actual})`.slice(0, 1000));
  }
}
