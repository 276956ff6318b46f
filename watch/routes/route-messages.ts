import { z } from "zod";
import { type Alert, AlertKind } from "../../shared/contract/watch.js";
import { HttpUrl, Id } from "../../shared/primitives.js";

/** How bad an alert is, for routing by severity and for PagerDuty's `payload.severity`. */
export const Severity = z.enum(["critical", "warning", "info"]);
export type Severity = z.infer<typeof Severity>;

/** Each kind's severity: what costs stake or halts signing pages someone; what can wait is a warning or a note. */
export const SEVERITY_OF: Readonly<Record<AlertKind, Severity>> = {
  missed_blocks: "critical",
  jailed: "critical",
  tombstoned: "critical",
  double_sign_evidence: "critical",
  shared_validator_key: "critical",
  chain_stalled: "critical",
  app_hash_mismatch: "critical",
  block_hash_mismatch: "critical",
  node_down: "warning",
  node_rate_limited: "warning",
  node_lagging: "warning",
  node_stopped: "warning",
  inactive: "warning",
  upgrade_planned: "info",
  proposal_unvoted: "info",
};
const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, critical: 2 };

/** Which alerts a route takes: some networks (all when absent), at or above a severity. */
const Filter = { networks: z.array(Id).max(64).optional(), minSeverity: Severity.default("info") };

/** One place alerts go (docs/watch-service.md, "Routes"). `url` overrides the provider's API address (a proxy, a test). */
export const RouteConfig = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("pagerduty"), name: z.string().min(1).max(64), routingKey: z.string().min(1).max(64), url: HttpUrl.default("https://events.pagerduty.com/v2/enqueue"), ...Filter }),
  z.strictObject({ type: z.literal("telegram"), name: z.string().min(1).max(64), botToken: z.string().regex(/^\d{1,20}:[\w-]{10,100}$/, "a bot token looks like 123456:ABC-DEF…"), chatId: z.union([z.number().int(), z.string().min(1).max(64)]), url: HttpUrl.default("https://api.telegram.org"), ...Filter }),
  z.strictObject({ type: z.literal("discord"), name: z.string().min(1).max(64), url: HttpUrl, ...Filter }),
  z.strictObject({ type: z.literal("slack"), name: z.string().min(1).max(64), url: HttpUrl, ...Filter }),
  z.strictObject({ type: z.literal("webhook"), name: z.string().min(1).max(64), url: HttpUrl, ...Filter }),
]);
export type RouteConfig = z.output<typeof RouteConfig>;

/** An alert that fired or cleared, with the network's name for the words. */
export interface RouteEvent {
  readonly change: "fired" | "cleared";
  readonly alert: Alert;
  readonly networkName: string;
}

/** One HTTP request to a provider. */
export interface RouteRequest {
  readonly url: string;
  readonly body: unknown;
  /** Sent as `Idempotency-Key`: the same on every attempt and after a restart (`<alert id>:<change>`). */
  readonly key?: string;
  readonly timeoutMs?: number;
}

/** The key of one alert change: a receiver that keeps it sees a message sent again as the same message. */
export const idempotencyKey = (alertId: string, change: "fired" | "cleared"): string => `${alertId}:${change}`;

/** Whether `route` takes `event`. */
export function routeTakes(route: RouteConfig, event: RouteEvent): boolean {
  if (route.networks && !route.networks.includes(event.alert.networkId)) return false;
  return RANK[SEVERITY_OF[event.alert.kind]] >= RANK[route.minSeverity];
}

/** The words every provider shows: the network, the subject (validator or node), what happened, since when. */
export function describe(event: RouteEvent): { headline: string; details: string } {
  const { alert, networkName } = event;
  const severity = SEVERITY_OF[alert.kind];
  const head = event.change === "fired" ? `[${severity.toUpperCase()}] ${alert.title}` : `[RESOLVED] ${alert.title}`;
  const since = event.change === "fired" ? `since ${alert.firedAt}` : `from ${alert.firedAt} to ${alert.clearedAt ?? "now"}`;
  return { headline: `${head} on ${networkName}`.slice(0, 1000), details: `${alert.message}\nNetwork: ${networkName} (${alert.networkId})\nSubject: ${alert.subject}\nKind: ${alert.kind}, ${since}`.slice(0, 3000) };
}

/** The request each provider documents for one alert change. */
export function routeRequest(route: RouteConfig, event: RouteEvent): RouteRequest {
  return { ...providerRequest(route, event), key: idempotencyKey(event.alert.id, event.change) };
}

function providerRequest(route: RouteConfig, event: RouteEvent): RouteRequest {
  const { headline, details } = describe(event);
  const { alert } = event;
  switch (route.type) {
    case "pagerduty":
      // developer.pagerduty.com/docs/events-api-v2/trigger-events/: one dedup_key per episode, so
      // the resolve closes the incident its trigger opened.
      return event.change === "fired"
        ? {
            url: route.url,
            body: {
              routing_key: route.routingKey,
              event_action: "trigger",
              dedup_key: alert.id,
              payload: { summary: headline.slice(0, 1024), source: `${event.networkName}: ${alert.subject}`.slice(0, 255), severity: SEVERITY_OF[alert.kind], timestamp: alert.firedAt, component: alert.subject.slice(0, 255), group: alert.networkId, class: alert.kind, custom_details: { message: alert.message, network: event.networkName, since: alert.firedAt } },
            },
          }
        : { url: route.url, body: { routing_key: route.routingKey, event_action: "resolve", dedup_key: alert.id } };
    case "telegram":
      // core.telegram.org/bots/api#sendmessage: plain text (no parse_mode), so chain strings are never markup.
      return { url: `${route.url.replace(/\/$/, "")}/bot${route.botToken}/sendMessage`, body: { chat_id: route.chatId, text: `${headline}\n${details}`.slice(0, 4096) } };
    case "discord":
      // discord.com/developers/docs/resources/webhook#execute-webhook: content plus one embed; no mentions parsed.
      return {
        url: route.url,
        body: {
          content: headline.slice(0, 2000),
          embeds: [{ title: alert.title.slice(0, 256), description: details.slice(0, 4096), color: event.change === "cleared" ? 0x2e7d32 : SEVERITY_OF[alert.kind] === "critical" ? 0xc62828 : 0xf9a825, timestamp: event.change === "cleared" ? (alert.clearedAt ?? alert.firedAt) : alert.firedAt }],
          allowed_mentions: { parse: [] },
        },
      };
    case "slack":
      // api.slack.com/messaging/webhooks: `text` is the notification's fallback, `blocks` the message.
      return { url: route.url, body: { text: headline, blocks: [{ type: "section", text: { type: "plain_text", text: `${headline}\n${details}`.slice(0, 3000) } }] } };
    case "webhook":
      return { url: route.url, body: { source: "cometdesk", change: event.change, alert, idempotencyKey: idempotencyKey(alert.id, event.change) } };
  }
}
