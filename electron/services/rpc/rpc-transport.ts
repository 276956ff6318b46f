import { z } from "zod";
import { BodyTooLargeError, JsonTooDeepError, parseBoundedJson, readBodyCapped } from "../../../shared/net/bounded-json.js";
import { type AttemptFailure, RpcError, RpcRateLimitedError, RpcResponseError, RpcTimeoutError, RpcUnreachableError } from "./rpc-errors.js";
import { uriPath } from "./uri-form.js";

/** A node, or an access service whose `/rpc` passes safe routes through (docs/access-interface.md). */
export interface RpcEndpoint {
  readonly url: string;
  readonly kind: "node" | "access";
  /** Extra headers per request, e.g. the access service's bearer token (read fresh each call). */
  readonly headers?: () => Promise<Record<string, string>>;
}

export interface RpcTransportOptions {
  /** Read on every call, so a network switch or an edited endpoint list applies at once. */
  readonly endpoints: () => readonly RpcEndpoint[];
  readonly timeoutMs?: number;
  /** Largest answer accepted; a bigger body is abandoned mid-stream. */
  readonly maxBytes?: number;
  readonly maxDepth?: number;
  /** Extra attempts per endpoint for idempotent reads. */
  readonly retries?: number;
  readonly backoffMs?: number;
  readonly fetchImpl?: typeof fetch;
}

export interface RpcCall {
  readonly route: string;
  readonly http: "GET" | "POST";
  /** JSON-RPC params (POST) or the URI query already encoded (GET). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Reads may be retried and failed over; broadcasts never are. */
  readonly idempotent: boolean;
}

export interface RpcAnswer {
  readonly result: unknown;
  readonly endpoint: string;
  readonly elapsedMs: number;
}

/**
 * A transport's endpoints (headers read now) and settings, as plain data: a worker thread of
 * main builds its own transport from it (see genesis-host.ts).
 */
export interface RpcTransportSnapshot {
  readonly endpoints: ReadonlyArray<{ readonly url: string; readonly kind: RpcEndpoint["kind"]; readonly headers: Record<string, string> }>;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxDepth: number;
  readonly retries: number;
  readonly backoffMs: number;
}

/** A transport built from a snapshot, with the snapshot's headers on every call. */
export function transportFromSnapshot(snapshot: RpcTransportSnapshot): RpcTransport {
  const endpoints = snapshot.endpoints.map((e) => ({ url: e.url, kind: e.kind, headers: async () => e.headers }));
  return createRpcTransport({ ...snapshot, endpoints: () => endpoints });
}

export interface RpcTransport {
  call(call: RpcCall): Promise<RpcAnswer>;
  /** The endpoints, the one that answered last first, and the settings, for a worker thread. */
  snapshot(): Promise<RpcTransportSnapshot>;
  /** The latest failover, so the UI can show why another endpoint is in use. */
  lastFailover(): { readonly at: string; readonly from: string; readonly reason: string } | undefined;
}

const Envelope = z.object({
  jsonrpc: z.literal("2.0").optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string().max(10_000), data: z.string().max(10_000).optional() }).optional(),
});

/** Thrown inside one attempt to say whether trying again (or elsewhere) makes sense. */
class Retryable extends Error {
  constructor(
    readonly reason: string,
    readonly timeout: boolean,
  ) {
    super(reason);
  }
}

/**
 * Routes whose answers are larger by design than the general cap: CometBFT cuts a genesis into
 * 16 MiB chunks, and one chunk's base64 in a JSON answer is about 21.4 MiB.
 */
const ROUTE_CAPS: Readonly<Record<string, number>> = { genesis_chunked: 24 << 20 };

/** Creates the hardened HTTP JSON-RPC transport: timeouts, capped bodies, retries and failover. */
export function createRpcTransport(options: RpcTransportOptions): RpcTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 16 << 20;
  const maxDepth = options.maxDepth ?? 64;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 150;
  const doFetch = options.fetchImpl ?? fetch;
  let nextId = 1;
  let preferred: string | undefined;
  let failover: { at: string; from: string; reason: string } | undefined;

  async function attempt(endpoint: RpcEndpoint, call: RpcCall): Promise<unknown> {
    const id = nextId++;
    const base = endpoint.url.replace(/\/+$/, "");
    const prefix = endpoint.kind === "access" ? `${base}/rpc` : base;
    const headers: Record<string, string> = { accept: "application/json", ...(await endpoint.headers?.()) };
    const init: RequestInit =
      call.http === "POST"
        ? { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id, method: call.route, params: call.params }) }
        : { method: "GET", headers };
    const url = call.http === "POST" ? prefix : `${prefix}/${uriPath(call.route, call.params as Record<string, string>)}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal, redirect: "error" });
      const text = await readBodyCapped(response, Math.max(maxBytes, ROUTE_CAPS[call.route] ?? 0));
      // Proxies answer 502/503/504 when the node behind them is down or slow: worth another try.
      if (response.status === 502 || response.status === 503) throw new Retryable(`HTTP ${response.status}`, false);
      if (response.status === 504) throw new Retryable("HTTP 504 (node too slow)", true);
      if (response.status === 429) {
        const seconds = Number(response.headers.get("retry-after") ?? "NaN");
        throw new RpcRateLimitedError(endpoint.url, Number.isFinite(seconds) ? seconds : undefined);
      }
      if (response.status === 401 || response.status === 403) throw new RpcResponseError(endpoint.url, `HTTP ${response.status}: the access token was refused`);
      const body = Envelope.safeParse(parseBoundedJson(text, maxDepth));
      if (!body.success) throw new RpcResponseError(endpoint.url, `not a JSON-RPC answer (HTTP ${response.status})`);
      // The URI form answers id -1; a POST answer must carry our id, or it belongs to someone else.
      if (call.http === "POST" && body.data.id !== id) throw new RpcResponseError(endpoint.url, "answer id does not match the request");
      if (body.data.error) throw new RpcError(body.data.error.code, body.data.error.message, body.data.error.data);
      if (body.data.result === undefined) throw new RpcResponseError(endpoint.url, "answer has neither result nor error");
      return body.data.result;
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new RpcResponseError(endpoint.url, error.message, "rpc_too_large");
      if (error instanceof JsonTooDeepError) throw new RpcResponseError(endpoint.url, error.message);
      if (error instanceof SyntaxError) throw new RpcResponseError(endpoint.url, "answer is not JSON");
      if (controller.signal.aborted) throw new Retryable(`no answer within ${timeoutMs} ms`, true);
      if (error instanceof TypeError) throw new Retryable(describeNetworkError(error), false);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async call(call) {
      const all = options.endpoints();
      if (all.length === 0) throw new RpcUnreachableError([{ endpoint: "(none)", reason: "this network has no RPC endpoint" }]);
      // The endpoint that answered last goes first, so one dead node costs one failover, not one per call.
      const ordered = [...all].sort((a, b) => Number(b.url === preferred) - Number(a.url === preferred));
      const candidates = call.idempotent ? ordered : ordered.slice(0, 1);
      const failures: AttemptFailure[] = [];
      let lastTimedOut = false;
      const started = performance.now();
      for (const endpoint of candidates) {
        for (let i = 0; i <= (call.idempotent ? retries : 0); i++) {
          if (i > 0) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (i - 1) * (0.5 + Math.random())));
          try {
            const result = await attempt(endpoint, call);
            const failed = failures.find((f) => f.endpoint !== endpoint.url);
            if (failed) failover = { at: new Date().toISOString(), from: failed.endpoint, reason: failed.reason };
            preferred = endpoint.url;
            return { result, endpoint: endpoint.url, elapsedMs: performance.now() - started };
          } catch (error) {
            if (!(error instanceof Retryable)) throw error;
            failures.push({ endpoint: endpoint.url, reason: error.reason });
            lastTimedOut = error.timeout;
          }
        }
      }
      throw lastTimedOut ? new RpcTimeoutError(failures) : new RpcUnreachableError(failures);
    },
    lastFailover: () => failover,
    async snapshot() {
      const ordered = [...options.endpoints()].sort((a, b) => Number(b.url === preferred) - Number(a.url === preferred));
      const endpoints = await Promise.all(ordered.map(async (e) => ({ url: e.url, kind: e.kind, headers: (await e.headers?.()) ?? {} })));
      return { endpoints, timeoutMs, maxBytes, maxDepth, retries, backoffMs };
    },
  };
}

function describeNetworkError(error: TypeError): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  return typeof cause?.message === "string" ? cause.message.slice(0, 200) : "network error";
}
