/**
 * One request budget per endpoint, shared by every reader of a process (the explorer, the
 * wallet, the watch, the live feed): a token bucket that starts at a rate public RPC providers
 * accept, learns down when the node refuses for load and slowly back up, and the rest a refusal's
 * `Retry-After` asks for. Whoever wants to send waits for a slot here; a read the user asked for
 * is served before a background one. Plain timers only, so the app's main and the watch service
 * use the same module.
 */

/** A read the user is waiting for, or one they did not ask for (a refresh, a prefetch, a poll). */
export type ReadPriority = "user" | "background";

/** Requests per second an endpoint is allowed before it says anything: under what public providers accept. */
export const DEFAULT_RATE_PER_SECOND = 8;
/** The longest one wait of a read for a rate limit may be before the read fails in words (see waitDeadline). */
export const DEFAULT_MAX_WAIT_MS = 10_000;
/**
 * A read waits out at most this many bounds in all: a node that refuses one request in three
 * asks for many short waits in a row, each within the bound, and the read goes on through them.
 */
export const WAIT_BOUNDS_PER_READ = 6;
/**
 * By when the wait now starting must end, for a read that began at `now()` with the bound
 * `boundMs`: each single wait (a Retry-After, a slot) is at most the bound, and all of them
 * together end within WAIT_BOUNDS_PER_READ bounds of the start. A bound of 0 waits for nothing.
 */
export function waitDeadline(boundMs: number, now: () => number = Date.now): () => number {
  const last = now() + boundMs * WAIT_BOUNDS_PER_READ;
  return () => Math.min(now() + boundMs, last);
}
/** The lowest a learnt rate goes: a node that refuses everything is still asked now and then. */
export const MIN_RATE_PER_SECOND = 0.5;
/** The longest rest a `Retry-After` or the back-off can ask for: a proxy's "come back in an hour" does not silence a node for an hour. */
export const MAX_REST_MS = 300_000;
/** The first rest when the refusal names no Retry-After; each refusal in a row doubles it. */
export const BASE_REST_MS = 2_000;
/**
 * How long a `Retry-After` asks to wait, in ms: delay-seconds or an HTTP-date
 * (RFC 9110 §10.2.3, https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3), capped at
 * MAX_REST_MS; undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d{1,10}$/.test(value)) return Math.min(MAX_REST_MS, Number(value) * 1_000);
  // An HTTP-date is IMF-fixdate or one of the two obsolete forms, all GMT; asctime's names no zone.
  const asctime = /^[A-Za-z]{3} [A-Za-z]{3} /.test(value);
  if (!/^[A-Za-z]{3,9}, /.test(value) && !asctime) return undefined;
  const at = Date.parse(asctime ? `${value} GMT` : value);
  if (Number.isNaN(at)) return undefined;
  return Math.min(MAX_REST_MS, Math.max(0, at - now));
}

/** Window over which requests per minute are counted. */
const MINUTE_MS = 60_000;
/** A refusal lowers the rate at most once in this long: a burst refused at once is one lesson. */
const LEARN_EVERY_MS = 1_000;

/** The wait a read is in: shown where the read is visible ("waiting for the node's rate limit (2 s)"). */
export interface BudgetWait {
  readonly endpoint: string;
  readonly priority: ReadPriority;
  /** Ms the read expects to wait from now. */
  readonly waitMs: number;
  /** Why: the node's own Retry-After, or the budget's rate. */
  readonly cause: "retry_after" | "rate";
}

export interface EndpointStats {
  readonly endpoint: string;
  /** Requests sent in the last minute, refused ones included. */
  readonly perMinute: number;
  /** Of those, refused for load (429, or 503 with a Retry-After). */
  readonly refusedPerMinute: number;
  /** The rate it may be asked at now (learnt), and the one it was set to. */
  readonly ratePerSecond: number;
  readonly configuredRatePerSecond: number;
  /** Ms left of a rest the node asked for; 0 when none. */
  readonly restMs: number;
  /** Reads waiting for a slot now. */
  readonly waiting: number;
}

/** The wait would end after the read's deadline: the read fails in words instead of waiting. */
export class BudgetWaitTooLongError extends Error {
  constructor(
    readonly endpoint: string,
    readonly waitMs: number,
    readonly why: BudgetWait["cause"],
  ) {
    super(`${endpoint}: the node's rate limit asks for ${Math.ceil(waitMs / 1_000)} s more than this read may wait`);
    this.name = "BudgetWaitTooLongError";
  }
}

export interface TakeOptions {
  /** A function when it may change while the read waits (a user's read joined a background one). */
  readonly priority?: ReadPriority | (() => ReadPriority);
  /** Epoch ms after which the read gives up rather than go on waiting. */
  readonly deadline?: number;
  readonly signal?: AbortSignal;
}

export interface EndpointBudget {
  readonly endpoint: string;
  /** Resolves when a request may be sent (one slot taken); rejects with BudgetWaitTooLongError past the deadline. */
  take(options?: TakeOptions): Promise<void>;
  /** The endpoint refused for load: rests it for the Retry-After (longer for one that keeps refusing), lowers its rate; returns the rest in ms. */
  refused(retryAfterMs: number | undefined): number;
  /** It answered: the back-off starts again and the rate creeps back up. */
  answered(): void;
  /** Ms left of its rest; 0 when it may be asked. */
  restLeft(): number;
  /** Rests it at least this long without counting a refusal: a rest known from elsewhere (a worker's snapshot). */
  restAtLeast(ms: number): void;
  stats(): EndpointStats;
}

export interface RequestBudgets {
  /** The budget of one endpoint (by URL, trailing slashes ignored), made on first use. */
  of(endpoint: string): EndpointBudget;
  /** Sets an endpoint's rate (requests per second): a network's own setting. */
  configure(endpoint: string, settings: { readonly ratePerSecond?: number }): void;
  /** Every endpoint asked in the last minute, or resting. */
  stats(): EndpointStats[];
  /** Told whenever a read starts to wait for an endpoint. */
  onWait(listener: (wait: BudgetWait) => void): () => void;
}

export interface BudgetClock {
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => { cancel(): void };
}

const realClock: BudgetClock = {
  now: Date.now,
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    // A pending slot must not keep a process alive that has nothing else to do.
    (t as { unref?: () => void }).unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};

interface Waiter {
  readonly priority: () => ReadPriority;
  readonly seq: number;
  readonly deadline: number;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
  readonly cleanup: () => void;
}

const keyOf = (endpoint: string) => endpoint.replace(/\/+$/, "");

/** Budgets for a set of endpoints; `clock` is injectable so a test moves time rather than waiting. */
export function createRequestBudgets(options: { readonly ratePerSecond?: number; readonly clock?: BudgetClock } = {}): RequestBudgets {
  const clock = options.clock ?? realClock;
  const defaultRate = options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND;
  const budgets = new Map<string, ReturnType<typeof makeBudget>>();
  const listeners = new Set<(wait: BudgetWait) => void>();
  const tell = (wait: BudgetWait) => listeners.forEach((l) => l(wait));

  function makeBudget(endpoint: string) {
    let configured = defaultRate;
    let rate = configured;
    let tokens = Math.max(1, configured);
    let filledAt = clock.now();
    let restUntil = 0;
    let strikes = 0;
    let learntAt = -Infinity;
    let seq = 0;
    const sent: number[] = [];
    const refusals: number[] = [];
    const queue: Waiter[] = [];
    let timer: { cancel(): void } | undefined;

    const burst = () => Math.max(1, rate);
    const refill = (at: number) => {
      tokens = Math.min(burst(), tokens + ((at - filledAt) / 1_000) * rate);
      filledAt = at;
    };
    const trim = (list: number[], at: number) => {
      while (list.length && list[0]! <= at - MINUTE_MS) list.shift();
    };
    /** Ms until the next slot: the rest first, then the bucket. */
    const waitFor = (at: number): { ms: number; cause: BudgetWait["cause"] } => {
      if (restUntil > at) return { ms: restUntil - at, cause: "retry_after" };
      refill(at);
      return { ms: tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / rate) * 1_000), cause: "rate" };
    };
    const order = () => queue.sort((a, b) => (a.priority() === b.priority() ? a.seq - b.seq : a.priority() === "user" ? -1 : 1));
    const grant = (at: number) => {
      tokens -= 1;
      sent.push(at);
      trim(sent, at);
    };

    /** Serves the queue in priority order; one timer for the soonest slot. */
    const pump = () => {
      timer?.cancel();
      timer = undefined;
      order();
      while (queue.length > 0) {
        const at = clock.now();
        const { ms, cause } = waitFor(at);
        if (ms === 0) {
          const w = queue.shift()!;
          w.cleanup();
          grant(at);
          w.resolve();
          continue;
        }
        // Whoever's deadline comes before the slot gives up now, in words, instead of at its end.
        for (const w of [...queue]) {
          if (at + ms > w.deadline) {
            queue.splice(queue.indexOf(w), 1);
            w.cleanup();
            w.reject(new BudgetWaitTooLongError(endpoint, ms, cause));
          }
        }
        if (queue.length > 0) timer = clock.setTimer(pump, ms);
        return;
      }
    };

    const budget: EndpointBudget = {
      endpoint,
      take(o = {}) {
        const at = clock.now();
        const rank = typeof o.priority === "function" ? o.priority : () => (o.priority as ReadPriority | undefined) ?? "user";
        const priority = rank();
        const deadline = o.deadline ?? Infinity;
        if (o.signal?.aborted) return Promise.reject(o.signal.reason);
        const { ms, cause } = waitFor(at);
        if (ms === 0 && queue.length === 0) {
          grant(at);
          return Promise.resolve();
        }
        // A user's read waits only behind other users' reads; a background one behind everyone.
        const ahead = queue.filter((w) => priority === "background" || w.priority() === "user").length;
        const expected = ms + (ahead * 1_000) / rate;
        if (at + ms > deadline) return Promise.reject(new BudgetWaitTooLongError(endpoint, ms, cause));
        return new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            const i = queue.indexOf(waiter);
            if (i >= 0) queue.splice(i, 1);
            reject(o.signal!.reason);
            pump();
          };
          const waiter: Waiter = { priority: rank, seq: seq++, deadline, resolve, reject, cleanup: () => o.signal?.removeEventListener("abort", onAbort) };
          o.signal?.addEventListener("abort", onAbort, { once: true });
          queue.push(waiter);
          if (expected >= 250) tell({ endpoint, priority, waitMs: Math.round(expected), cause });
          pump();
        });
      },
      refused(retryAfterMs) {
        const at = clock.now();
        // A request sent before the rest began and refused during it is the same refusal, not another strike.
        if (restUntil <= at) strikes += 1;
        refusals.push(at);
        trim(refusals, at);
        const backoff = BASE_REST_MS * 2 ** Math.min(strikes - 1, 16);
        // The Retry-After the first time; past it, the back-off grows for an endpoint that keeps refusing.
        const rest = Math.min(MAX_REST_MS, strikes <= 1 && retryAfterMs !== undefined ? retryAfterMs : Math.max(retryAfterMs ?? 0, backoff));
        restUntil = Math.max(restUntil, at + rest);
        if (at - learntAt >= LEARN_EVERY_MS) {
          learntAt = at;
          rate = Math.max(MIN_RATE_PER_SECOND, rate * 0.75);
          tokens = Math.min(tokens, burst());
        }
        pump();
        return rest;
      },
      answered() {
        strikes = 0;
        // Slowly back up: a twentieth of the set rate per answer.
        rate = Math.min(configured, rate + configured / 20);
      },
      restLeft: () => Math.max(0, restUntil - clock.now()),
      restAtLeast(ms) {
        if (ms > 0) restUntil = Math.max(restUntil, clock.now() + Math.min(ms, MAX_REST_MS));
      },
      stats() {
        const at = clock.now();
        trim(sent, at);
        trim(refusals, at);
        return { endpoint, perMinute: sent.length, refusedPerMinute: refusals.length, ratePerSecond: Math.round(rate * 100) / 100, configuredRatePerSecond: configured, restMs: Math.max(0, restUntil - at), waiting: queue.length };
      },
    };
    return {
      budget,
      configure(next: number) {
        configured = next;
        rate = Math.min(rate, next);
        tokens = Math.min(tokens, burst());
        pump();
      },
      active: () => budget.stats().perMinute > 0 || restUntil > clock.now() || queue.length > 0,
    };
  }

  const entry = (endpoint: string) => {
    const key = keyOf(endpoint);
    let b = budgets.get(key);
    if (!b) budgets.set(key, (b = makeBudget(key)));
    return b;
  };
  return {
    of: (endpoint) => entry(endpoint).budget,
    configure(endpoint, settings) {
      if (settings.ratePerSecond !== undefined && Number.isFinite(settings.ratePerSecond) && settings.ratePerSecond > 0) entry(endpoint).configure(Math.max(MIN_RATE_PER_SECOND, settings.ratePerSecond));
    },
    stats: () => [...budgets.values()].filter((b) => b.active()).map((b) => b.budget.stats()),
    onWait(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

let processBudgets: RequestBudgets | undefined;
/** The budgets of this process: every transport to an endpoint counts against the same one. */
export function sharedRequestBudgets(): RequestBudgets {
  return (processBudgets ??= createRequestBudgets());
}
