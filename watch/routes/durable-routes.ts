import { createHash } from "node:crypto";
import type { Alert } from "../../shared/contract/watch.js";
import type { ProblemLog } from "../../storage/problems.js";
import type { WebhookBody } from "../webhook.js";
import { idempotencyKey, type RouteConfig, type RouteRequest, routeRequest, routeTakes } from "./route-messages.js";
import { openRouteJournal, type RouteJournal } from "./route-journal.js";
import { createRouteQueue, type RouteQueue, type RouteQueueOptions, type RouteStats } from "./route-queue.js";
import { testAlert } from "./routes.js";

type Change = "fired" | "cleared";

export interface DurableRoutesOptions {
  readonly dataDir: string;
  readonly problems: ProblemLog;
  readonly routes: readonly RouteConfig[];
  /** The networks watched: each one's generic webhook (its watch config's `webhook`) is a target too. */
  readonly networkIds: readonly string[];
  readonly webhookOf: (networkId: string) => { readonly url: string | null; readonly timeoutMs: number };
  readonly networkName: (networkId: string) => string;
  /** The alert history: what the watch announced, read at start for what no journal holds yet. */
  readonly history: { all(): readonly Alert[] };
  readonly queue?: Omit<RouteQueueOptions, "name" | "onSettled">;
  readonly now?: () => number;
  /** A journal write that failed: the message is still sent from memory, and said here. */
  readonly onJournalError?: (target: string, error: unknown) => void;
}

interface Target {
  readonly label: string;
  readonly route: RouteConfig | undefined;
  readonly journal: RouteJournal;
  readonly queue: RouteQueue;
  /** The request for one alert change, or undefined when this target does not take it. */
  readonly request: (change: Change, alert: Alert) => RouteRequest | undefined;
}

/** Providers that ignore `Idempotency-Key` and have no key of their own: PagerDuty has `dedup_key`, the generic webhook `idempotencyKey`. */
const NO_IDEMPOTENCY_KEY: ReadonlySet<RouteConfig["type"]> = new Set(["telegram", "discord", "slack"]);

const fileOf = (kind: string, name: string) => `${kind}-${createHash("sha256").update(name).digest("hex").slice(0, 16)}.json`;

/**
 * The headless service's routes, durable: every configured route and every network's webhook has
 * a queue (route-queue.ts) and a journal (route-journal.ts) in `<dataDir>/deliveries/`. An alert
 * change is journaled before it is queued and marked once settled, so a restart sends what was
 * waiting and nothing already delivered. At start, a change the history holds but no journal
 * decided (the process died between the two writes) is decided then, as it would have been.
 */
export function createDurableRoutes(o: DurableRoutesOptions) {
  const now = o.now ?? Date.now;
  const targets: Target[] = [];
  const add = (label: string, file: string, route: RouteConfig | undefined, request: Target["request"]) => {
    const journal = openRouteJournal({ dataDir: o.dataDir, file, target: label, problems: o.problems, now });
    const queue = createRouteQueue({
      ...o.queue,
      name: label,
      provider: route?.type ?? "webhook",
      onSettled: (r, outcome) => !r.key || write(label, () => journal.settle(r.key!, outcome)),
      // These show a message sent twice as two: a delivery is on disk before the next request (docs/watch-service.md, "Delivery guarantees").
      keepBeforeNext: route !== undefined && NO_IDEMPOTENCY_KEY.has(route.type),
    });
    targets.push({ label, route, journal, queue, request });
  };
  for (const route of o.routes) {
    const label = `${route.type} route "${route.name}"`;
    add(label, fileOf("route", `${route.type}:${route.name}`), route, (change, alert) => {
      const event = { change, alert, networkName: o.networkName(alert.networkId) };
      return routeTakes(route, event) ? routeRequest(route, event) : undefined;
    });
  }
  for (const networkId of o.networkIds) {
    add(`the webhook of ${networkId}`, fileOf("webhook", networkId), undefined, (change, alert) => {
      const hook = o.webhookOf(networkId);
      if (alert.networkId !== networkId || !hook.url) return undefined;
      const key = idempotencyKey(alert.id, change);
      const body: WebhookBody = { source: "cometdesk", change, alert, idempotencyKey: key };
      return { url: hook.url, body, key, timeoutMs: hook.timeoutMs };
    });
  }

  /** A journal write; false (and said) when the disk refused it. */
  function write(label: string, work: () => void): boolean {
    try {
      work();
      return true;
    } catch (error) {
      o.onJournalError?.(label, error);
      return false;
    }
  }

  /** Decides one change for one target (journaled first), and queues it when it is to be sent. */
  function decide(t: Target, change: Change, alert: Alert, at: number): void {
    const key = idempotencyKey(alert.id, change);
    if (t.journal.has(key)) return;
    const snoozed = alert.snoozedUntil !== null && Date.parse(alert.snoozedUntil) > at;
    const request = snoozed ? undefined : t.request(change, alert);
    write(t.label, () => t.journal.record(key, alert.id, request ? "pending" : "skipped", request));
    if (request) t.queue.push(request);
  }

  function keepHistory(): void {
    const ids = new Set(o.history.all().map((a) => a.id));
    for (const t of targets) t.journal.keepFor((id) => ids.has(id));
  }

  // What each journal left waiting, then what the history announced and no journal decided.
  keepHistory();
  for (const t of targets) for (const r of t.journal.pending()) t.queue.push(r);
  const changes = o.history.all().flatMap((a) => [
    { change: "fired" as const, alert: a, at: Date.parse(a.firedAt) },
    ...(a.clearedAt ? [{ change: "cleared" as const, alert: a, at: Date.parse(a.clearedAt) }] : []),
  ]);
  changes.sort((a, b) => a.at - b.at);
  for (const t of targets) for (const c of changes) if (c.at >= t.journal.since) decide(t, c.change, c.alert, c.at);

  return {
    /** An alert fired or cleared (the watch's `watch.alert`, after the history has it); acknowledgements and snoozes are not sent. */
    alert(change: string, alert: Alert): void {
      if (change !== "fired" && change !== "cleared") return;
      keepHistory();
      const at = now();
      for (const t of targets) decide(t, change, alert, at);
    },
    /** Sends one test message through the route `name`, whatever its filters, without journaling it; false when no route has that name. */
    test(name: string): boolean {
      const t = targets.find((x) => x.route?.name === name);
      if (!t?.route) return false;
      t.queue.push(routeRequest(t.route, { change: "fired", alert: testAlert(now()), networkName: "test" }));
      return true;
    },
    stats: (): Array<{ name: string; type: RouteConfig["type"] } & RouteStats> => targets.flatMap((t) => (t.route ? [{ name: t.route.name, type: t.route.type, ...t.queue.stats() }] : [])),
    /** The last failure of any network's webhook, for the watch's status. */
    webhookError(): string | null {
      const last = targets.filter((t) => !t.route).map((t) => t.queue.stats()).filter((s) => s.lastErrorAt !== null).sort((a, b) => Date.parse(b.lastErrorAt!) - Date.parse(a.lastErrorAt!))[0];
      return last?.lastError ?? null;
    },
    settled: () => Promise.all(targets.map((t) => t.queue.settled())).then(() => undefined),
    stop: () => targets.forEach((t) => t.queue.stop()),
  };
}

export type DurableRoutes = ReturnType<typeof createDurableRoutes>;
