import type { Alert } from "../shared/contract/watch.js";
import type { AlertChange } from "./alert-engine.js";

/** The JSON body a webhook receives: one alert fired or cleared. */
export interface WebhookBody {
  readonly source: "cometdesk";
  readonly change: AlertChange;
  readonly alert: Alert;
  /** `<alert id>:<change>`, also sent as the `Idempotency-Key` header by the headless service, which may send a message again after a crash. */
  readonly idempotencyKey?: string;
}

/** Deliveries waiting beyond this are dropped, oldest first: a dead receiver cannot grow memory. */
const MAX_QUEUE = 100;

/**
 * Posts alerts to the user's webhook, one at a time, each with a timeout. `send` only queues: the
 * watch never waits on a receiver, and a slow or failing one loses at most what overflows the
 * queue. The last failure is kept for the watch's status.
 */
export function createWebhookSender(options: { readonly fetchImpl?: typeof fetch } = {}) {
  const doFetch = options.fetchImpl ?? fetch;
  const queue: Array<{ url: string; timeoutMs: number; body: WebhookBody }> = [];
  let running = false;
  let lastError: string | null = null;
  const idle: Array<() => void> = [];

  async function drain(): Promise<void> {
    running = true;
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        const answer = await doFetch(next.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(next.body),
          signal: AbortSignal.timeout(next.timeoutMs),
          redirect: "error",
        });
        await answer.body?.cancel().catch(() => {});
        lastError = answer.ok ? null : `the webhook answered HTTP ${answer.status}`;
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        lastError = timedOut ? `the webhook did not answer within ${next.timeoutMs} ms` : `the webhook could not be reached: ${error instanceof Error ? error.message.slice(0, 200) : "failed"}`;
      }
    }
    running = false;
    idle.splice(0).forEach((resolve) => resolve());
  }

  return {
    send(url: string, timeoutMs: number, body: WebhookBody): void {
      queue.push({ url, timeoutMs, body });
      if (queue.length > MAX_QUEUE) queue.shift();
      if (!running) void drain();
    },
    lastError: () => lastError,
    /** Resolves once everything queued was tried (for shutdown and tests). */
    settled: (): Promise<void> => (running || queue.length > 0 ? new Promise((resolve) => idle.push(resolve)) : Promise.resolve()),
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
