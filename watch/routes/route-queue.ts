import { BodyTooLargeError, readBodyCapped } from "../../shared/net/bounded-json.js";
import { MAX_REFUSAL_BYTES, type Provider, type Refusal, readRefusal } from "./provider-refusals.js";
import type { RouteRequest } from "./route-messages.js";

/** What a route did so far, for the API and /metrics. */
export interface RouteStats {
  readonly delivered: number;
  /** Attempts that failed (each retry counts). */
  readonly failures: number;
  /** Messages given up: refused for good (4xx), or out of attempts. */
  readonly givenUp: number;
  /** Messages dropped, oldest first, because the backlog was full. */
  readonly dropped: number;
  readonly pending: number;
  readonly lastError: string | null;
  readonly lastErrorAt: string | null;
}

export interface RouteQueueOptions {
  readonly name: string;
  /** Whose answers these are, read as that provider documents its refusals (provider-refusals.ts); `webhook` when absent. */
  readonly provider?: Provider;
  readonly fetchImpl?: typeof fetch;
  /** Messages waiting beyond this are dropped, oldest first (default 200). */
  readonly maxBacklog?: number;
  /** Attempts per message before it is given up (default 8). */
  readonly maxAttempts?: number;
  /** The first retry's delay; each next one doubles, up to `maxDelayMs` (defaults 1 s and 5 min), which also caps a wait the provider asks for. */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly timeoutMs?: number;
  /** Waits between attempts (tests record the delays instead of sleeping). */
  readonly wait?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  /** Told of each message's end (the durable routes journal it): delivered, given up, or dropped from a full backlog. False: it could not be kept. */
  readonly onSettled?: (request: RouteRequest, outcome: Settled) => boolean | void;
  /**
   * For a provider that keeps no Idempotency-Key (Telegram, Discord, Slack): a delivery whose end
   * could not be kept holds the next request until it is, so a restart repeats one message, not
   * every one sent while the journal refused its writes.
   */
  readonly keepBeforeNext?: boolean;
}

export type Settled = "delivered" | "given_up" | "dropped";

/**
 * One route's deliveries, one at a time, in order. `push` only queues: the watch never waits on
 * a provider. A 429 or a 5xx (or no answer) is tried again after the wait the provider asked for
 * (its body or its headers, as its docs define them: provider-refusals.ts), capped at
 * `maxDelayMs`, or else after an exponential back-off; any other 4xx (a revoked key, a deleted
 * webhook) will not get better by retrying and is given up, its reason kept for the API in words.
 */
export function createRouteQueue(options: RouteQueueOptions) {
  const doFetch = options.fetchImpl ?? fetch;
  const provider = options.provider ?? "webhook";
  const maxBacklog = options.maxBacklog ?? 200;
  const maxAttempts = options.maxAttempts ?? 8;
  const base = options.baseDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 300_000;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const queue: RouteRequest[] = [];
  const counts = { delivered: 0, failures: 0, givenUp: 0, dropped: 0 };
  let lastError: string | null = null;
  let lastErrorAt: string | null = null;
  let running = false;
  let stopped = false;
  const idle: Array<() => void> = [];

  const fail = (why: string) => {
    counts.failures++;
    lastError = `${options.name}: ${why}`.slice(0, 500);
    lastErrorAt = new Date(now()).toISOString();
  };

  /** One attempt: "done", or the refusal as the provider meant it (no answer at all is one to retry). */
  async function attempt(request: RouteRequest): Promise<"done" | Refusal> {
    let answer: Response;
    // The same key on every attempt and after a restart: a receiver that keeps keys sees a repeat as one message.
    const headers = { "content-type": "application/json", ...(request.key ? { "idempotency-key": request.key } : {}) };
    try {
      answer = await doFetch(request.url, { method: "POST", headers, body: JSON.stringify(request.body), signal: AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs ?? 10_000), redirect: "error" });
    } catch (error) {
      return { retry: true, retryInMs: undefined, what: `no answer: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}` };
    }
    if (answer.ok) {
      // Settled at once, before the body is read: the window in which a restart sends it again is as short as it can be.
      void answer.body?.cancel().catch(() => {});
      counts.delivered++;
      return "done";
    }
    // Hostile input: read to a cap (past it, or cut off, the status and headers alone decide).
    const text = await readBodyCapped(answer, MAX_REFUSAL_BYTES).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) void answer.body?.cancel().catch(() => {});
      return "";
    });
    return readRefusal(provider, answer.status, answer.headers, text, now());
  }

  /** Tells `onSettled`; a delivery it could not keep is told again, after a back-off, before anything else is sent (`keepBeforeNext`). */
  async function keep(request: RouteRequest, settled: Settled): Promise<void> {
    let kept = options.onSettled?.(request, settled) !== false;
    for (let tries = 1; !kept && settled === "delivered" && options.keepBeforeNext && !stopped; tries++) {
      lastError = `${options.name}: a delivery could not be marked as done in the journal; the next message waits until it is, so a restart repeats this one alone`;
      lastErrorAt = new Date(now()).toISOString();
      await wait(Math.min(maxDelay, base * 2 ** Math.min(tries - 1, 30)));
      kept = options.onSettled?.(request, settled) !== false;
    }
  }

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0 && !stopped) {
      const request = queue[0]!;
      let settled: Settled | undefined;
      for (let tries = 1; !stopped; tries++) {
        const outcome = await attempt(request);
        if (outcome === "done") {
          settled = "delivered";
          break;
        }
        if (!outcome.retry || tries >= maxAttempts) {
          fail(`${outcome.what}; ${outcome.retry ? `given up after ${tries} attempts` : `not retried, as retrying will not help${outcome.fix ? `: ${outcome.fix}` : ""}`}`);
          counts.givenUp++;
          settled = "given_up";
          break;
        }
        const backoff = Math.min(maxDelay, base * 2 ** (tries - 1));
        const delay = Math.min(maxDelay, outcome.retryInMs ?? backoff);
        fail(`${outcome.what}; tried again in ${inWords(delay)}${outcome.retryInMs === undefined ? "" : outcome.retryInMs > maxDelay ? ` (it asked for ${inWords(outcome.retryInMs)}, more than the most this route waits)` : ", as it asked"}`);
        await wait(delay);
      }
      // The head may have been dropped meanwhile (a full backlog): remove it only if it is still the head.
      if (queue[0] === request) queue.shift();
      // Stopped before an outcome: not settled, so a journaled message is tried again at the next start.
      if (settled) await keep(request, settled);
    }
    running = false;
    idle.splice(0).forEach((resolve) => resolve());
  }

  return {
    push(request: RouteRequest): void {
      if (stopped) return;
      queue.push(request);
      // The head is being delivered; the oldest waiting behind it go first.
      while (queue.length > maxBacklog) {
        const [gone] = queue.splice(running ? 1 : 0, 1);
        counts.dropped++;
        if (gone) options.onSettled?.(gone, "dropped");
      }
      if (!running) void drain();
    },
    stats: (): RouteStats => ({ ...counts, pending: queue.length, lastError, lastErrorAt }),
    /** Resolves once nothing is queued (for shutdown and tests). */
    settled: (): Promise<void> => (running || queue.length > 0 ? new Promise((resolve) => idle.push(resolve)) : Promise.resolve()),
    stop(): void {
      stopped = true;
    },
  };
}

/** A wait as a person reads it: "750 ms", "2.5 s", "5 min", "3 h", "11574 days". */
function inWords(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 6_000) / 10} min`;
  if (ms < 172_800_000) return `${Math.round(ms / 360_000) / 10} h`;
  return `${Math.round(ms / 86_400_000)} days`;
}

export type RouteQueue = ReturnType<typeof createRouteQueue>;
