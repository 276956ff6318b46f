import { randomBytes } from "node:crypto";
import type { Alert } from "../../shared/contract/watch.js";
import { type AlertChange, type ChangesAnswer, MAX_CHANGES_PER_ANSWER } from "../../shared/watch-service/bodies.js";

/** Changes kept for readers that come back; one further behind is given the history as it stands. */
export const KEPT_CHANGES = 2000;

interface Waiter {
  readonly resolve: () => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The alert changes of this run of the service, numbered, for `GET /v1/changes`: an app reads
 * them as they happen (the answer held open until one comes) and, after being away, from the
 * cursor it kept. The numbers start again with each run; `epoch` tells the runs apart, and a
 * cursor of another run is answered from the history (`reset`), which outlives restarts.
 */
export function createAlertChanges(o: { history: () => readonly Alert[]; kept?: number }) {
  const kept = o.kept ?? KEPT_CHANGES;
  const epoch = randomBytes(9).toString("base64url");
  let last = 0;
  const log: Array<{ seq: number } & AlertChange> = [];
  const waiters = new Set<Waiter>();
  let stopped = false;
  const cursor = (seq: number) => `${epoch}.${seq}`;

  /** The changes after `since` (a cursor this run gave), or the history as it stands when it is of another run or too old. */
  function since(since: string | undefined): ChangesAnswer {
    if (since === undefined) return { cursor: cursor(last), reset: false, more: false, changes: [] };
    const [runOf, seqText] = since.split(".");
    const seq = Number(seqText);
    const oldest = log[0]?.seq ?? last + 1;
    if (runOf !== epoch || !Number.isSafeInteger(seq) || seq > last || seq < oldest - 1) return fromHistory();
    const after = log.filter((c) => c.seq > seq);
    const page = after.slice(0, MAX_CHANGES_PER_ANSWER);
    const end = page.at(-1)?.seq ?? seq;
    return { cursor: cursor(end), reset: false, more: after.length > page.length, changes: page.map(({ change, alert }) => ({ change, alert })) };
  }

  function fromHistory(): ChangesAnswer {
    const changes: AlertChange[] = [];
    for (const alert of o.history()) {
      changes.push({ change: "fired", alert });
      if (alert.clearedAt !== null) changes.push({ change: "cleared", alert });
    }
    return { cursor: cursor(last), reset: true, more: false, changes: changes.slice(-MAX_CHANGES_PER_ANSWER * 2) };
  }

  return {
    epoch,
    since,
    add(change: AlertChange): void {
      log.push({ seq: ++last, ...change });
      if (log.length > kept) log.splice(0, log.length - kept);
      for (const w of waiters) {
        clearTimeout(w.timer);
        w.resolve();
      }
      waiters.clear();
    },
    /** Resolves at the next change after `since`, at once when there is one, or after `waitMs` (or at `stop`). */
    wait(since: string | undefined, waitMs: number, signal?: AbortSignal): Promise<void> {
      if (stopped || waitMs <= 0 || since !== cursor(last)) return Promise.resolve();
      return new Promise((resolve) => {
        const w: Waiter = { resolve, timer: setTimeout(() => done(), waitMs) };
        const done = () => {
          clearTimeout(w.timer);
          waiters.delete(w);
          resolve();
        };
        signal?.addEventListener("abort", done, { once: true });
        waiters.add(w);
      });
    },
    stop(): void {
      stopped = true;
      for (const w of waiters) {
        clearTimeout(w.timer);
        w.resolve();
      }
      waiters.clear();
    },
  };
}

export type AlertChanges = ReturnType<typeof createAlertChanges>;
