import { Agent, fetch as undiciFetch } from "undici";
import { z } from "zod";
import { BodyTooLargeError, JsonTooDeepError, parseBoundedJson, readBodyCapped } from "../../../shared/net/bounded-json.js";
import { networkFailure } from "../network-failure.js";
import { BudgetWaitTooLongError, createRequestBudgets, DEFAULT_MAX_WAIT_MS, type ReadPriority, type RequestBudgets, retryAfterMs, sharedRequestBudgets, waitDeadline } from "../../../shared/net/request-budget.js";
import { readPriority } from "./read-priority.js";
import { type AttemptFailure, lacking, METHOD_NOT_FOUND, RpcNotHeldError, RpcRateLimitedError, RpcResponseError, RpcTimeoutError, RpcUnreachableError, rpcErrorFrom } from "./rpc-errors.js";
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
  /**
   * The request budgets every request takes a slot from (shared/net/request-budget.ts): by
   * default this process's, shared with every other transport to the same endpoint.
   */
  readonly budgets?: RequestBudgets;
  /** How long a read may wait for a rate limit before it fails in words; read per call (a network's setting). */
  readonly maxWaitMs?: () => number;
  /** Whose read this is; by default the calling context's (read-priority.ts). */
  readonly priority?: () => ReadPriority;
  /** Several POST reads to one node at once go as one JSON-RPC batch (one request of the budget). */
  readonly batch?: boolean;
  /** The clock deadlines and HTTP-date Retry-Afters are read by; a test moves it (with budgets of its own on the same clock). */
  readonly now?: () => number;
  /** Rests and missing indexes known already (a snapshot's), so a worker's transport does not ask a resting endpoint. */
  readonly known?: ReadonlyArray<{ readonly url: string; readonly restMs?: number; readonly noIndex?: boolean }>;
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
  /** `restMs`: how long it still rests after refusing for load; `noIndex`: its transaction index is off. */
  readonly endpoints: ReadonlyArray<{ readonly url: string; readonly kind: RpcEndpoint["kind"]; readonly headers: Record<string, string>; readonly restMs?: number; readonly noIndex?: boolean }>;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxDepth: number;
  readonly retries: number;
  readonly backoffMs: number;
  readonly hedgeMs: number;
}

/**
 * Budgets of a worker thread's transports: main took the read's slot before it handed the read
 * over (`snapshot({ reserve: true })`), so the worker keeps only the rests it was told of and
 * the ones its own answers bring.
 */
let workerBudgets: RequestBudgets | undefined;

/** A transport built from a snapshot, with the snapshot's headers on every call. */
export function transportFromSnapshot(snapshot: RpcTransportSnapshot): RpcTransport {
  const endpoints = snapshot.endpoints.map((e) => ({ url: e.url, kind: e.kind, headers: async () => e.headers }));
  workerBudgets ??= createRequestBudgets({ ratePerSecond: 1_000 });
  return createRpcTransport({ ...snapshot, endpoints: () => endpoints, known: snapshot.endpoints, budgets: workerBudgets });
}

export interface RpcTransport {
  call(call: RpcCall): Promise<RpcAnswer>;
  /**
   * The endpoints, the one that answered last first, and the settings, for a worker thread;
   * with `reserve`, after a slot of the first free endpoint's budget is taken for the read the worker makes.
   */
  snapshot(options?: { readonly reserve?: boolean }): Promise<RpcTransportSnapshot>;
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

/** The endpoint refused for load (HTTP 429, or 503 with a Retry-After): rest it and ask the next at once. */
class Refused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: number | undefined,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Routes answered from the node's transaction or block index, which a node may run without (`indexer = "null"`). */
const INDEX_ROUTES = new Set(["tx", "tx_search", "block_search"]);

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

/**
 * Routes whose answers are larger by design than the general cap: CometBFT cuts a genesis into
 * 16 MiB chunks, and one chunk's base64 in a JSON answer is about 21.4 MiB.
 */
const ROUTE_CAPS: Readonly<Record<string, number>> = { genesis_chunked: 24 << 20 };

/**
 * Routes whose answers are small and which pages ask for several at once: these go to a node in
 * one JSON-RPC batch when they start together (CometBFT answers an array of requests with an
 * array of answers, rpc/jsonrpc/server/http_json_handler.go).
 */
const BATCH_ROUTES = new Set(["status", "health", "net_info", "num_unconfirmed_txs", "abci_info", "abci_query", "validators", "commit", "header", "header_by_hash", "consensus_params", "blockchain", "tx"]);
/** At most this many reads in one batch: its answer stays far below the body cap. */
const MAX_BATCH = 8;

/** Reads in flight in this process, by endpoints and call: the same read asked twice is one request with two waiters. */
const inflight = new Map<string, { readonly answer: Promise<RpcAnswer>; priority: ReadPriority }>();
const inflightKey = (endpoints: readonly RpcEndpoint[], call: RpcCall) => JSON.stringify([endpoints.map((e) => `${e.kind}:${e.url}`), call.http, call.route, call.params]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One exchange's outcome before its body is read as JSON-RPC: the HTTP status, and the answer's text or, in a batch, its own item. */
type Exchange = { readonly status: number; readonly retryAfter: string | null } & ({ readonly text: string } | { readonly item: unknown });
/** What a batch member hears when the node would not take the batch as one: it goes again on its own. */
const SEND_ALONE = { alone: true } as const;
type BatchOutcome = Exchange | typeof SEND_ALONE;

/** Creates the hardened HTTP JSON-RPC transport: timeouts, capped bodies, retries, failover and a request budget. */
export function createRpcTransport(options: RpcTransportOptions): RpcTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 16 << 20;
  const maxDepth = options.maxDepth ?? 64;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 150;
  const hedgeMs = options.hedgeMs ?? 2_500;
  const doFetch = options.fetchImpl ?? sharedFetch();
  const now = options.now ?? Date.now;
  const budgets = options.budgets ?? sharedRequestBudgets();
  const maxWait = options.maxWaitMs ?? (() => DEFAULT_MAX_WAIT_MS);
  const priorityNow = options.priority ?? readPriority;
  const batching = options.batch ?? true;
  for (const e of options.known ?? []) if (e.restMs) budgets.of(e.url).restAtLeast(e.restMs);
  /** Endpoints whose index is off, asked last for an index route. */
  const noIndex = new Set((options.known ?? []).filter((e) => e.noIndex).map((e) => e.url));
  /** Endpoints that answered a batch with something other than an array: asked one read at a time. */
  const noBatch = new Set<string>();
  let nextId = 1;
  let preferred: string | undefined;
  let failover: { at: string; from: string; reason: string } | undefined;
  const left = (url: string) => budgets.of(url).restLeft();

  /** The request of one read, or several: what to send and where. */
  async function request(endpoint: RpcEndpoint, payload: unknown, call: Pick<RpcCall, "http" | "route" | "params">) {
    const base = endpoint.url.replace(/\/+$/, "");
    const prefix = endpoint.kind === "access" ? `${base}/rpc` : base;
    const headers: Record<string, string> = { accept: "application/json", ...(await endpoint.headers?.()) };
    const init: RequestInit = call.http === "POST" ? { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(payload) } : { method: "GET", headers };
    const url = call.http === "POST" ? prefix : `${prefix}/${uriPath(call.route, call.params as Record<string, string>)}`;
    return { url, init };
  }

  /** One HTTP exchange, bounded in time and size; aborted when `signal` is. */
  async function exchange(endpoint: RpcEndpoint, payload: unknown, call: Pick<RpcCall, "http" | "route" | "params">, signal: AbortSignal, onHeaders?: () => void, cap = maxBytes) {
    const { url, init } = await request(endpoint, payload, call);
    const response = await doFetch(url, { ...init, signal, redirect: "error" });
    onHeaders?.();
    const text = await readBodyCapped(response, cap);
    return { status: response.status, retryAfter: response.headers.get("retry-after"), text };
  }

  /**
   * Reads to one endpoint that start together, or that come while the first waits for its slot,
   * go as one batch: one slot of the budget, one request. A lone read goes alone. Each member
   * keeps its own abort: the batch is abandoned only when all of its members are.
   */
  type Member = { readonly id: number; readonly call: RpcCall; readonly ctx: AttemptContext; readonly signal: AbortSignal; readonly resolve: (x: BatchOutcome) => void; readonly reject: (e: unknown) => void };
  const gathering = new Map<string, Member[]>();
  function viaBatch(endpoint: RpcEndpoint, member: Omit<Member, "resolve" | "reject">): Promise<BatchOutcome> {
    return new Promise<BatchOutcome>((resolve, reject) => {
      const open = gathering.get(endpoint.url);
      if (open) {
        open.push({ ...member, resolve, reject });
        // A full batch takes no more: the next read starts another.
        if (open.length >= MAX_BATCH) gathering.delete(endpoint.url);
        return;
      }
      const members: Member[] = [{ ...member, resolve, reject }];
      gathering.set(endpoint.url, members);
      const rank = (): ReadPriority => (members.some((m) => m.ctx.priority() === "user") ? "user" : "background");
      // A tick for the reads that start together, then the slot; both gather.
      setImmediate(() => {
        budgets
          .of(endpoint.url)
          .take({ priority: rank, deadline: member.ctx.deadline() })
          .then(
            () => {
              if (gathering.get(endpoint.url) === members) gathering.delete(endpoint.url);
              send(endpoint, members);
            },
            (error: unknown) => {
              if (gathering.get(endpoint.url) === members) gathering.delete(endpoint.url);
              members.forEach((m) => m.reject(error));
            },
          );
      });
    });
  }
  function send(endpoint: RpcEndpoint, members: readonly Member[]): void {
    const live = members.filter((m) => !m.signal.aborted);
    for (const m of members) if (m.signal.aborted) m.reject(m.signal.reason);
    if (live.length === 0) return;
    live.forEach((m) => m.ctx.onSlot?.());
    const controller = new AbortController();
    const onAbort = () => live.every((m) => m.signal.aborted) && controller.abort();
    for (const m of live) m.signal.addEventListener("abort", onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const single = live.length === 1;
    const payload = single ? envelopeOf(live[0]!) : live.map(envelopeOf);
    exchange(endpoint, payload, { http: "POST", route: live[0]!.call.route, params: {} }, controller.signal, () => live.forEach((m) => m.ctx.onHeaders?.()))
      .then(
        (x) => {
          // Refusals and a broken gateway are the same for every member.
          if (single || [401, 403, 429, 502, 503, 504].includes(x.status)) return live.forEach((m) => m.resolve(x));
          let items: unknown;
          try {
            items = x.status === 200 ? parseBoundedJson(x.text, maxDepth) : undefined;
          } catch {
            items = undefined;
          }
          // A server that does not take batches answers something else than an array: its reads go one at a time from now on.
          if (!Array.isArray(items)) {
            noBatch.add(endpoint.url);
            return live.forEach((m) => m.resolve(SEND_ALONE));
          }
          const byId = new Map<unknown, unknown>(items.map((it) => [(it as { id?: unknown } | null)?.id, it]));
          for (const m of live) m.resolve({ status: x.status, retryAfter: x.retryAfter, item: byId.get(m.id) ?? {} });
        },
        (error: unknown) => live.forEach((m) => m.reject(timedOut ? new Retryable(`no answer within ${timeoutMs} ms`, true) : error)),
      )
      .finally(() => clearTimeout(timer));
  }
  const envelopeOf = (m: Pick<Member, "id" | "call">) => ({ jsonrpc: "2.0", id: m.id, method: m.call.route, params: m.call.params });

  async function attempt(endpoint: RpcEndpoint, call: RpcCall, ctx: AttemptContext): Promise<unknown> {
    const batchable = batching && call.idempotent && call.http === "POST" && endpoint.kind === "node" && BATCH_ROUTES.has(call.route) && !noBatch.has(endpoint.url);
    const budget = budgets.of(endpoint.url);
    // A slot of the endpoint's budget first (a batch takes one for all): waiting for a rate limit is not the node's silence.
    if (!batchable) {
      await budget.take({ priority: ctx.priority, deadline: ctx.deadline(), signal: ctx.outer });
      ctx.onSlot?.();
    }
    const id = nextId++;
    const controller = new AbortController();
    // A batch keeps its own time from when it is sent; a lone read from now.
    const timer = batchable ? undefined : setTimeout(() => controller.abort(), timeoutMs);
    const signal = ctx.outer ? AbortSignal.any([controller.signal, ctx.outer]) : controller.signal;
    const alone = async () => {
      await budget.take({ priority: ctx.priority, deadline: ctx.deadline(), signal });
      const again = setTimeout(() => controller.abort(), timeoutMs);
      return exchange(endpoint, envelopeOf({ id, call }), call, signal, ctx.onHeaders, Math.max(maxBytes, ROUTE_CAPS[call.route] ?? 0)).finally(() => clearTimeout(again));
    };
    try {
      const first: BatchOutcome = batchable ? await viaBatch(endpoint, { id, call, ctx, signal }) : await exchange(endpoint, envelopeOf({ id, call }), call, signal, ctx.onHeaders, Math.max(maxBytes, ROUTE_CAPS[call.route] ?? 0));
      // The batch was refused as a batch: this read goes again on its own.
      const x: Exchange = "alone" in first ? await alone() : first;
      // A public RPC's 429, or a 503 that says when to come back, refuses for load: the caller rests it and waits.
      if (x.status === 429 || (x.status === 503 && x.retryAfter !== null)) throw new Refused(x.status, retryAfterMs(x.retryAfter, now()));
      // Proxies answer 502/503/504 when the node behind them is down or slow: worth another try.
      if (x.status === 502 || x.status === 503) throw new Retryable(`HTTP ${x.status}`, false);
      // A proxy's 504 came back at once, though it reports a slow node: worth another attempt.
      if (x.status === 504) throw new Retryable("HTTP 504 (node too slow)", true, true);
      if (x.status === 401 || x.status === 403) throw new RpcResponseError(endpoint.url, `HTTP ${x.status}: the access token was refused`);
      const text = "text" in x ? x.text : undefined;
      // CometBFT's URI form answers a route it does not have with Go's plain "404 page not found".
      if (call.http === "GET" && x.status === 404 && !text?.trimStart().startsWith("{")) throw rpcErrorFrom(METHOD_NOT_FOUND, "Method not found", undefined, call.route);
      const body = Envelope.safeParse(text === undefined ? (x as { item: unknown }).item : parseBoundedJson(text, maxDepth));
      if (!body.success) throw new RpcResponseError(endpoint.url, `not a JSON-RPC answer (HTTP ${x.status})`);
      // The URI form answers id -1; a POST answer must carry our id, or it belongs to someone else.
      if (call.http === "POST" && body.data.id !== id) throw new RpcResponseError(endpoint.url, "answer id does not match the request");
      if (body.data.error) throw rpcErrorFrom(body.data.error.code, body.data.error.message, body.data.error.data, call.route);
      if (body.data.result === undefined) throw new RpcResponseError(endpoint.url, "answer has neither result nor error");
      return body.data.result;
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new RpcResponseError(endpoint.url, error.message, "rpc_too_large");
      if (error instanceof JsonTooDeepError) throw new RpcResponseError(endpoint.url, error.message);
      if (error instanceof SyntaxError) throw new RpcResponseError(endpoint.url, "answer is not JSON");
      if (ctx.outer?.aborted) throw new Retryable("another endpoint answered first", false, false);
      if (controller.signal.aborted) throw new Retryable(`no answer within ${timeoutMs} ms`, true);
      if (error instanceof Refused || error instanceof Retryable) throw error;
      if (error instanceof TypeError) {
        const failed = networkFailure(error);
        throw new Retryable(failed.reason, false, !failed.dns);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  interface AttemptContext {
    readonly outer?: AbortSignal;
    readonly priority: () => ReadPriority;
    /** By when the wait now starting must end (request-budget.ts's waitDeadline): at most one bound away, and never past the read's last. */
    readonly deadline: () => number;
    readonly onSlot?: () => void;
    readonly onHeaders?: () => void;
  }

  /**
   * A read, failed over in order: each endpoint gets its attempts one after another (another only
   * after a failure that came back at once), and one that has not begun to answer within
   * `hedgeMs` of being sent is not waited for: the next starts beside it. The first answer wins
   * and the rest are abandoned; a definite answer (a JSON-RPC error, a bad answer) ends the call.
   */
  function read(ordered: readonly RpcEndpoint[], resting: readonly AttemptFailure[], call: RpcCall, started: number, priority: () => ReadPriority, deadline: () => number): Promise<RpcAnswer> {
    const failures: AttemptFailure[] = [];
    let lastTimedOut = false;
    /** Endpoints that refused for load, and those that lack the index or height. */
    let refusedCount = 0;
    let notHeld: Error | undefined;
    const stop = new AbortController();
    const answered = new Set<string>();

    const tryEndpoint = async (endpoint: RpcEndpoint, ctx: AttemptContext): Promise<unknown> => {
      for (let i = 0; i <= retries; i++) {
        if (i > 0) await sleep(backoffMs * 2 ** (i - 1) * (0.5 + Math.random()));
        if (stop.signal.aborted) break;
        try {
          const result = await attempt(endpoint, call, ctx);
          budgets.of(endpoint.url).answered();
          if (INDEX_ROUTES.has(call.route)) noIndex.delete(endpoint.url);
          return result;
        } catch (error) {
          if (error instanceof Refused) {
            const rest = budgets.of(endpoint.url).refused(error.retryAfter);
            failures.push({ endpoint: endpoint.url, reason: `${error.message}, resting it ${seconds(rest)} s` });
            refusedCount++;
            break;
          }
          if (error instanceof BudgetWaitTooLongError) {
            failures.push({ endpoint: endpoint.url, reason: `rate-limiting, resting another ${seconds(error.waitMs)} s` });
            refusedCount++;
            break;
          }
          // Another node may keep the index this one runs without, or the height it pruned.
          const lacks = lacking(error);
          if (lacks) {
            if (lacks === "index") noIndex.add(endpoint.url);
            failures.push({ endpoint: endpoint.url, reason: (error as Error).message });
            notHeld = error as Error;
            break;
          }
          if (!(error instanceof Retryable)) throw error;
          if (stop.signal.aborted) break;
          failures.push({ endpoint: endpoint.url, reason: error.reason });
          lastTimedOut = error.timeout;
          if (!error.again) break;
        }
      }
      throw new EndpointExhausted();
    };

    /** Why the read failed, in the terms of what failed: a missing index or height, load, or silence. */
    const readFailure = (): Error => {
      // One node asked keeps its own words (a pruned height names its oldest block); several are listed.
      if (notHeld) return failures.length === 1 ? notHeld : new RpcNotHeldError(failures);
      const all = [...failures, ...resting];
      if (refusedCount === failures.length) return new RpcRateLimitedError(all, seconds(Math.min(...all.map((f) => left(f.endpoint)))));
      return lastTimedOut ? new RpcTimeoutError(all) : new RpcUnreachableError(all);
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
        // Sent and begun to answer in time, or not: only a silent endpoint has the next one asked beside it.
        const onSlot = () => {
          clearTimeout(hedge);
          hedge = setTimeout(() => {
            if (!answered.has(endpoint.url)) start();
          }, hedgeMs);
        };
        tryEndpoint(endpoint, { outer: stop.signal, priority, deadline, onSlot, onHeaders: () => answered.add(endpoint.url) }).then(
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
            if (running === 0) settle(() => reject(readFailure()));
          },
        );
      };
      start();
    });
  }

  /** The endpoints in the order a call asks them, and those resting after a refusal for load. */
  function arrange(all: readonly RpcEndpoint[], call: RpcCall) {
    // The endpoint that answered last goes first, so one dead node costs one failover, not one
    // per call; for an index route, one known to run without its index goes last.
    const rank = (e: RpcEndpoint) => Number(e.url === preferred) - (INDEX_ROUTES.has(call.route) && noIndex.has(e.url) ? 2 : 0);
    const sorted = [...all].sort((a, b) => rank(b) - rank(a));
    const ordered = sorted.filter((e) => left(e.url) === 0);
    const resting = sorted.filter((e) => left(e.url) > 0);
    return { sorted, ordered, resting };
  }

  /**
   * A read that meets a rate limit on every endpoint waits for the soonest rest to end and asks
   * again, until its deadline: one that would wait past it fails in words, as every refusal did before.
   */
  async function readWaiting(all: readonly RpcEndpoint[], call: RpcCall, priority: () => ReadPriority, deadline: () => number): Promise<RpcAnswer> {
    const started = performance.now();
    for (let round = 0; ; round++) {
      const { sorted, ordered, resting } = arrange(all, call);
      const restingWords = resting.map((e) => ({ endpoint: e.url, reason: `rate-limiting, resting another ${seconds(left(e.url))} s` }));
      // All resting: the one whose rest ends first is asked, its slot waiting out the rest (within the deadline).
      const asked = ordered.length > 0 ? ordered : [...sorted].sort((a, b) => left(a.url) - left(b.url)).slice(0, 1);
      const soonest = Math.min(...sorted.map((e) => left(e.url)));
      if (ordered.length === 0 && now() + soonest > deadline()) throw new RpcRateLimitedError(restingWords, seconds(soonest));
      try {
        return await read(asked, ordered.length > 0 ? restingWords : restingWords.filter((r) => r.endpoint !== asked[0]!.url), call, started, priority, deadline);
      } catch (error) {
        // Every endpoint asked refused for load this round: the next round waits for the soonest rest.
        if (!(error instanceof RpcRateLimitedError) || round >= 20) throw error;
        const wait = Math.min(...all.map((e) => left(e.url)));
        if (now() + wait > deadline()) throw error;
      }
    }
  }

  /** A broadcast goes to one endpoint; a refusal for load is waited out and the same bytes sent again (a 429 means the node did not take them). */
  async function broadcast(endpoint: RpcEndpoint, call: RpcCall, priority: () => ReadPriority, deadline: () => number): Promise<RpcAnswer> {
    const started = performance.now();
    for (let round = 0; ; round++) {
      try {
        return { result: await attempt(endpoint, call, { priority, deadline }), endpoint: endpoint.url, elapsedMs: performance.now() - started };
      } catch (error) {
        if (error instanceof Refused) {
          const rest = budgets.of(endpoint.url).refused(error.retryAfter);
          if (round < 20 && now() + rest <= deadline()) continue;
          throw new RpcRateLimitedError([{ endpoint: endpoint.url, reason: `${error.message}, resting it ${seconds(rest)} s` }], seconds(rest));
        }
        if (error instanceof BudgetWaitTooLongError) throw new RpcRateLimitedError([{ endpoint: endpoint.url, reason: `rate-limiting, resting another ${seconds(error.waitMs)} s` }], seconds(error.waitMs));
        if (!(error instanceof Retryable)) throw error;
        const failures = [{ endpoint: endpoint.url, reason: error.reason }];
        throw error.timeout ? new RpcTimeoutError(failures) : new RpcUnreachableError(failures);
      }
    }
  }

  return {
    async call(call) {
      const all = options.endpoints();
      if (all.length === 0) throw new RpcUnreachableError([{ endpoint: "(none)", reason: "this network has no RPC endpoint" }]);
      const deadline = waitDeadline(Math.max(0, maxWait()), now);
      const own = priorityNow();
      if (!call.idempotent) {
        // A broadcast goes to one endpoint, the soonest free: another endpoint could send it twice.
        const { ordered, sorted } = arrange(all, call);
        const endpoint = ordered[0] ?? [...sorted].sort((a, b) => left(a.url) - left(b.url))[0]!;
        if (ordered.length === 0 && now() + left(endpoint.url) > deadline()) throw new RpcRateLimitedError([{ endpoint: endpoint.url, reason: `rate-limiting, resting another ${seconds(left(endpoint.url))} s` }], seconds(left(endpoint.url)));
        return broadcast(endpoint, call, () => own, deadline);
      }
      // The same read already on its way is joined, not sent again; a user joining lifts its priority.
      const key = inflightKey(all, call);
      const joined = inflight.get(key);
      if (joined) {
        if (own === "user") joined.priority = "user";
        return joined.answer;
      }
      const entry: { answer: Promise<RpcAnswer>; priority: ReadPriority } = { answer: undefined as never, priority: own };
      entry.answer = readWaiting(all, call, () => entry.priority, deadline).finally(() => inflight.delete(key));
      inflight.set(key, entry);
      return entry.answer;
    },
    lastFailover: () => failover,
    async snapshot(o) {
      if (o?.reserve) {
        const all = options.endpoints();
        const { ordered, sorted } = arrange(all, { route: "", http: "POST", params: {}, idempotent: true });
        const first = ordered[0] ?? [...sorted].sort((a, b) => left(a.url) - left(b.url))[0];
        const own = priorityNow();
        if (first) {
          await budgets
            .of(first.url)
            .take({ priority: own, deadline: waitDeadline(Math.max(0, maxWait()), now)() })
            .catch((error: unknown) => {
              if (!(error instanceof BudgetWaitTooLongError)) throw error;
              throw new RpcRateLimitedError([{ endpoint: first.url, reason: `rate-limiting, resting another ${seconds(error.waitMs)} s` }], seconds(error.waitMs));
            });
        }
      }
      const ordered = [...options.endpoints()].sort((a, b) => Number(b.url === preferred) - Number(a.url === preferred));
      const endpoints = await Promise.all(
        ordered.map(async (e) => ({ url: e.url, kind: e.kind, headers: (await e.headers?.()) ?? {}, restMs: left(e.url), noIndex: noIndex.has(e.url) })),
      );
      return { endpoints, timeoutMs, maxBytes, maxDepth, retries, backoffMs, hedgeMs };
    },
  };
}
