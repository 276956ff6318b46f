import { Agent, fetch as undiciFetch } from "undici";
import { z } from "zod";
import { BodyTooLargeError, JsonTooDeepError, parseBoundedJson, readBodyCapped } from "../../../shared/net/bounded-json.js";
import { networkFailure } from "../network-failure.js";
import { type AttemptFailure, METHOD_NOT_FOUND, RpcRateLimitedError, RpcResponseError, RpcTimeoutError, RpcUnreachableError, rpcErrorFrom } from "./rpc-errors.js";
import { createLookupCache } from "./lookup-cache.js";
import { uriPath } from "./uri-form.js";

/**
 * The connections of every transport in this process: kept alive per node, and each node's name
 * looked up once at a time and kept briefly (lookup-cache.ts), however many reads start at once.
 */
let shared: { readonly fetch: typeof fetch } | undefined;
function sharedFetch(): typeof fetch {
  if (!shared) {
    const names = createLookupCache();
    const agent = new Agent({ connect: { lookup: names.lookup } });
    // undici's own fetch with its own Agent: the same library on both sides of `dispatcher`.
    const viaAgent = (input: string | URL | Request, init?: RequestInit) => undiciFetch(input as never, { ...(init as object), dispatcher: agent } as never);
    shared = { fetch: viaAgent as unknown as typeof fetch };
  }
  return shared.fetch;
}

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
  /** Extra attempts per endpoint for idempotent reads, after a failure that came back at once. */
  readonly retries?: number;
  readonly backoffMs?: number;
  /**
   * A read whose endpoint has not begun to answer (no response headers) within this long asks
   * the next endpoint too, and takes the first answer: a silent or unresolvable node then costs
   * this, not a whole timeout per attempt.
   */
  readonly hedgeMs?: number;
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
  readonly hedgeMs: number;
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

/**
 * Thrown inside one attempt to say that trying elsewhere makes sense; `again` says whether the
 * same endpoint is worth another attempt (a failure that came back at once, not a silence).
 */
class Retryable extends Error {
  constructor(
    readonly reason: string,
    readonly timeout: boolean,
    readonly again = !timeout,
  ) {
    super(reason);
  }
}

/** Every attempt at one endpoint failed in a way that another endpoint may not. */
class EndpointExhausted extends Error {}

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
  const hedgeMs = options.hedgeMs ?? 2_500;
  const doFetch = options.fetchImpl ?? sharedFetch();
  let nextId = 1;
  let preferred: string | undefined;
  let failover: { at: string; from: string; reason: string } | undefined;

  async function attempt(endpoint: RpcEndpoint, call: RpcCall, outer?: AbortSignal, onHeaders?: () => void): Promise<unknown> {
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
    const signal = outer ? AbortSignal.any([controller.signal, outer]) : controller.signal;
    try {
      const response = await doFetch(url, { ...init, signal, redirect: "error" });
      onHeaders?.();
      const text = await readBodyCapped(response, Math.max(maxBytes, ROUTE_CAPS[call.route] ?? 0));
      // Proxies answer 502/503/504 when the node behind them is down or slow: worth another try.
      if (response.status === 502 || response.status === 503) throw new Retryable(`HTTP ${response.status}`, false);
      // A proxy's 504 came back at once, though it reports a slow node: worth another attempt.
      if (response.status === 504) throw new Retryable("HTTP 504 (node too slow)", true, true);
      if (response.status === 429) {
        const seconds = Number(response.headers.get("retry-after") ?? "NaN");
        throw new RpcRateLimitedError(endpoint.url, Number.isFinite(seconds) ? seconds : undefined);
      }
      if (response.status === 401 || response.status === 403) throw new RpcResponseError(endpoint.url, `HTTP ${response.status}: the access token was refused`);
      // CometBFT's URI form answers a route it does not have with Go's plain "404 page not found".
      if (call.http === "GET" && response.status === 404 && !text.trimStart().startsWith("{")) throw rpcErrorFrom(METHOD_NOT_FOUND, "Method not found", undefined, call.route);
      const body = Envelope.safeParse(parseBoundedJson(text, maxDepth));
      if (!body.success) throw new RpcResponseError(endpoint.url, `not a JSON-RPC answer (HTTP ${response.status})`);
      // The URI form answers id -1; a POST answer must carry our id, or it belongs to someone else.
      if (call.http === "POST" && body.data.id !== id) throw new RpcResponseError(endpoint.url, "answer id does not match the request");
      if (body.data.error) throw rpcErrorFrom(body.data.error.code, body.data.error.message, body.data.error.data, call.route);
      if (body.data.result === undefined) throw new RpcResponseError(endpoint.url, "answer has neither result nor error");
      return body.data.result;
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new RpcResponseError(endpoint.url, error.message, "rpc_too_large");
      if (error instanceof JsonTooDeepError) throw new RpcResponseError(endpoint.url, error.message);
      if (error instanceof SyntaxError) throw new RpcResponseError(endpoint.url, "answer is not JSON");
      if (outer?.aborted) throw new Retryable("another endpoint answered first", false, false);
      if (controller.signal.aborted) throw new Retryable(`no answer within ${timeoutMs} ms`, true);
      if (error instanceof TypeError) {
        const failed = networkFailure(error);
        throw new Retryable(failed.reason, false, !failed.dns);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A read, failed over in order: each endpoint gets its attempts one after another (another only
   * after a failure that came back at once), and one that has not begun to answer within
   * `hedgeMs` is not waited for: the next starts beside it. The first answer wins and the rest
   * are abandoned; a definite answer (a JSON-RPC error, a bad or refused answer) ends the call.
   */
  function read(ordered: readonly RpcEndpoint[], call: RpcCall, started: number): Promise<RpcAnswer> {
    const failures: AttemptFailure[] = [];
    let lastTimedOut = false;
    const stop = new AbortController();
    const answered = new Set<string>();

    const tryEndpoint = async (endpoint: RpcEndpoint, headers: () => void): Promise<unknown> => {
      for (let i = 0; i <= retries; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (i - 1) * (0.5 + Math.random())));
        if (stop.signal.aborted) break;
        try {
          return await attempt(endpoint, call, stop.signal, headers);
        } catch (error) {
          if (!(error instanceof Retryable)) throw error;
          if (stop.signal.aborted) break;
          failures.push({ endpoint: endpoint.url, reason: error.reason });
          lastTimedOut = error.timeout;
          if (!error.again) break;
        }
      }
      throw new EndpointExhausted();
    };

    return new Promise<RpcAnswer>((resolve, reject) => {
      let next = 0;
      let running = 0;
      let hedge: ReturnType<typeof setTimeout> | undefined;
      const settle = (done: () => void) => {
        if (stop.signal.aborted) return;
        clearTimeout(hedge);
        stop.abort();
        done();
      };
      const start = (): void => {
        if (stop.signal.aborted || next >= ordered.length) return;
        const endpoint = ordered[next++]!;
        running++;
        clearTimeout(hedge);
        // Begun to answer in time, or not: only a silent endpoint has the next one asked beside it.
        hedge = setTimeout(() => {
          if (!answered.has(endpoint.url)) start();
        }, hedgeMs);
        tryEndpoint(endpoint, () => answered.add(endpoint.url)).then(
          (result) =>
            settle(() => {
              const first = ordered[0]!.url;
              if (endpoint.url !== first) {
                const why = failures.find((f) => f.endpoint === first)?.reason ?? `no answer within ${hedgeMs} ms; ${endpoint.url} answered first`;
                failover = { at: new Date().toISOString(), from: first, reason: why };
              }
              preferred = endpoint.url;
              resolve({ result, endpoint: endpoint.url, elapsedMs: performance.now() - started });
            }),
          (error: unknown) => {
            running--;
            if (!(error instanceof EndpointExhausted)) return settle(() => reject(error));
            if (next < ordered.length) return start();
            if (running === 0) settle(() => reject(lastTimedOut ? new RpcTimeoutError(failures) : new RpcUnreachableError(failures)));
          },
        );
      };
      start();
    });
  }

  return {
    async call(call) {
      const all = options.endpoints();
      if (all.length === 0) throw new RpcUnreachableError([{ endpoint: "(none)", reason: "this network has no RPC endpoint" }]);
      // The endpoint that answered last goes first, so one dead node costs one failover, not one per call.
      const ordered = [...all].sort((a, b) => Number(b.url === preferred) - Number(a.url === preferred));
      const started = performance.now();
      if (!call.idempotent) {
        // A broadcast goes to one endpoint, once: another attempt could send it twice.
        const endpoint = ordered[0]!;
        try {
          return { result: await attempt(endpoint, call), endpoint: endpoint.url, elapsedMs: performance.now() - started };
        } catch (error) {
          if (!(error instanceof Retryable)) throw error;
          const failures = [{ endpoint: endpoint.url, reason: error.reason }];
          throw error.timeout ? new RpcTimeoutError(failures) : new RpcUnreachableError(failures);
        }
      }
      return read(ordered, call, started);
    },
    lastFailover: () => failover,
    async snapshot() {
      const ordered = [...options.endpoints()].sort((a, b) => Number(b.url === preferred) - Number(a.url === preferred));
      const endpoints = await Promise.all(ordered.map(async (e) => ({ url: e.url, kind: e.kind, headers: (await e.headers?.()) ?? {} })));
      return { endpoints, timeoutMs, maxBytes, maxDepth, retries, backoffMs, hedgeMs };
    },
  };
}
