import { randomUUID } from "node:crypto";
import type { Alert, AlertKind } from "../shared/contract/watch.js";
import type { AlertHistory } from "./alert-history.js";

/** A condition the watch sees now; `key` (kind and subject) names its episode. */
export interface Condition {
  readonly kind: AlertKind;
  readonly subject: string;
  readonly title: string;
  readonly message: string;
}

export const conditionKey = (c: { kind: AlertKind; subject: string }): string => `${c.kind}:${c.subject}`;

export type AlertChange = "fired" | "cleared" | "acknowledged" | "snoozed";

export interface AlertEngineOptions {
  readonly history: AlertHistory;
  /** Told of every change: the event to the renderer, and (unless snoozed) the notifier and the webhook. */
  readonly onChange: (alert: Alert, change: AlertChange, notify: boolean) => void;
  /** How long a condition must stay away before its alert clears (per network's rules). */
  readonly clearAfterMs: (networkId: string) => number;
  readonly now?: () => number;
}

/**
 * Turns what the watch sees into alert episodes: a condition that appears fires once; while it
 * stays, or comes and goes within the clearing delay (a flapping node), it is the same episode;
 * once it stayed away for the delay, the episode clears, and says so. Each evaluation covers a
 * scope (the kinds it can see), so a node probe never clears a validator's alert.
 */
export function createAlertEngine(options: AlertEngineOptions) {
  const now = options.now ?? Date.now;
  /** Open episodes whose condition is away, since when. */
  const awaySince = new Map<string, number>();
  const iso = (ms: number) => new Date(ms).toISOString();

  function fire(networkId: string, c: Condition, at: number): void {
    const key = conditionKey(c);
    const snoozedUntil = options.history.snoozedUntil(networkId, key, at);
    const alert: Alert = { id: randomUUID(), networkId, key, kind: c.kind, subject: c.subject.slice(0, 2048), title: c.title.slice(0, 200), message: c.message.slice(0, 1000), firedAt: iso(at), clearedAt: null, acknowledgedAt: null, snoozedUntil };
    options.history.put(alert);
    options.onChange(alert, "fired", snoozedUntil === null);
  }

  return {
    /** What one evaluation of `kinds` on `networkId` sees now. */
    observe(networkId: string, kinds: readonly AlertKind[], conditions: readonly Condition[]): void {
      const at = now();
      const present = new Map(conditions.map((c) => [conditionKey(c), c]));
      for (const [key, c] of present) {
        awaySince.delete(`${networkId}/${key}`);
        if (!options.history.open(networkId, key)) fire(networkId, c, at);
      }
      const delay = options.clearAfterMs(networkId);
      for (const alert of options.history.all()) {
        if (alert.networkId !== networkId || alert.clearedAt !== null || !kinds.includes(alert.kind) || present.has(alert.key)) continue;
        const id = `${networkId}/${alert.key}`;
        const since = awaySince.get(id) ?? at;
        awaySince.set(id, since);
        if (at - since < delay) continue;
        awaySince.delete(id);
        const cleared: Alert = { ...alert, clearedAt: iso(at) };
        options.history.put(cleared);
        options.onChange(cleared, "cleared", options.history.snoozedUntil(networkId, alert.key, at) === null);
      }
    },
    acknowledge(id: string): Alert | undefined {
      const alert = options.history.get(id);
      if (!alert) return undefined;
      const next: Alert = { ...alert, acknowledgedAt: alert.acknowledgedAt ?? iso(now()) };
      options.history.put(next);
      options.onChange(next, "acknowledged", false);
      return next;
    },
    /** Silences the alert's key for `minutes` (0 lifts it): later episodes of it notify no one until then. */
    snooze(id: string, minutes: number): Alert | undefined {
      const alert = options.history.get(id);
      if (!alert) return undefined;
      const at = now();
      const until = minutes > 0 ? iso(at + minutes * 60_000) : null;
      options.history.snooze(alert.networkId, alert.key, until, at);
      const next: Alert = { ...alert, snoozedUntil: until };
      options.history.put(next);
      options.onChange(next, "snoozed", false);
      return next;
    },
  };
}

export type AlertEngine = ReturnType<typeof createAlertEngine>;
