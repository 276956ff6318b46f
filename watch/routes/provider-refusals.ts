import { z } from "zod";
import { parseBoundedJson } from "../../shared/net/bounded-json.js";
import type { RouteConfig } from "./route-messages.js";

/** Whose answer it is: a route's provider, or `webhook` for the generic body (routes of that type and each network's webhook). */
export type Provider = RouteConfig["type"];

/** A provider's refusal read: whether to try again, when, and what went wrong in words. */
export interface Refusal {
  /** Whether a later attempt can succeed: a rate limit, a timeout, the provider's own failure, or no answer. */
  readonly retry: boolean;
  /** The wait the provider asked for, in ms; undefined: the queue's own back-off. */
  readonly retryInMs: number | undefined;
  /** What happened, for a person: the status, what it means for this provider, the provider's own words. */
  readonly what: string;
  /** For a refusal not retried: what the operator has to change. */
  readonly fix?: string;
}

/** A refusal's body is read up to this much: a provider (or a proxy in front of it) may answer anything. */
export const MAX_REFUSAL_BYTES = 16_384;
const MAX_DEPTH = 8;

/** The delay a `Retry-After` header asks for (delta-seconds or an HTTP date; RFC 9110 §10.2.3), or undefined. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Seconds as a provider writes them in a body or an `X-RateLimit-Reset-After` header (a float), in ms; undefined for anything else. */
const secondsMs = (seconds: number | undefined): number | undefined => (seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined);
const headerSeconds = (header: string | null): number | undefined => (header && /^\d{1,9}(\.\d{1,6})?$/.test(header.trim()) ? Number(header.trim()) : undefined);

const Seconds = z.number().min(0);
// core.telegram.org/bots/api#making-requests: an error is {ok:false, error_code, description,
// parameters?}; core.telegram.org/bots/api#responseparameters: `retry_after`, the seconds left to
// wait on a flood-control refusal, and `migrate_to_chat_id` when a group became a supergroup.
const TelegramError = z.object({
  ok: z.literal(false),
  description: z.string().optional(),
  parameters: z.object({ retry_after: Seconds.optional(), migrate_to_chat_id: z.number().int().optional() }).optional(),
});
// discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit: a 429's body is
// {message, retry_after (seconds, a float), global, code?}; other errors carry {message, code}.
const DiscordError = z.object({ message: z.string().optional(), retry_after: Seconds.optional(), global: z.boolean().optional() });
// developer.pagerduty.com/docs/events-api-v2/trigger-events/: a 400 is {status, message, errors[]}.
const PagerDutyError = z.object({ status: z.string().optional(), message: z.string().optional(), errors: z.array(z.string()).max(50).optional() });

/** The body's JSON as `schema` reads it, or undefined: not JSON, too deep, or not that shape. */
function bodyAs<T>(text: string, schema: z.ZodType<T>): T | undefined {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(parseBoundedJson(text, MAX_DEPTH));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON: the status and the headers decide
  }
}

/** A provider's text as one short line: control characters out, so a hostile body cannot forge log lines or the API's words. */
const words = (text: string | undefined): string => (text ?? "").replace(/[\p{Cc}\p{Cf}]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 200);

const CREDENTIAL: Readonly<Record<Provider, { key: string; target: string; field: string }>> = {
  pagerduty: { key: "routing key", target: "integration", field: "routingKey" },
  telegram: { key: "bot token", target: "bot or chat", field: "botToken and chatId" },
  discord: { key: "webhook URL", target: "webhook", field: "url" },
  slack: { key: "webhook URL", target: "webhook", field: "url" },
  webhook: { key: "webhook URL", target: "webhook", field: "url" },
};

/** What the provider said in its own words, and the wait its body asks for on a 429. */
function providerSays(provider: Provider, status: number, headers: Headers, text: string): { said: string; bodyWaitMs: number | undefined } {
  switch (provider) {
    case "telegram": {
      const e = bodyAs(text, TelegramError);
      if (!e) return { said: words(text), bodyWaitMs: undefined };
      const moved = e.parameters?.migrate_to_chat_id;
      const said = [words(e.description), moved !== undefined ? `the group is now the supergroup ${moved}: set chatId to it` : ""].filter(Boolean).join("; ");
      return { said, bodyWaitMs: status === 429 ? secondsMs(e.parameters?.retry_after) : undefined };
    }
    case "discord": {
      const e = bodyAs(text, DiscordError);
      if (!e) return { said: words(text), bodyWaitMs: undefined };
      const said = `${words(e.message)}${e.global ? " (a global limit)" : ""}`;
      if (status !== 429) return { said, bodyWaitMs: undefined };
      const body = secondsMs(e.retry_after);
      const header = retryAfterMs(headers.get("retry-after"), 0);
      // The body's float is the precise one; the header is whole seconds rounded up. A body far
      // above its header is not in seconds (Discord's older API versions counted milliseconds): the header is.
      return { said, bodyWaitMs: body !== undefined && header !== undefined && body > header + 1_000 ? header : body };
    }
    case "pagerduty": {
      const e = bodyAs(text, PagerDutyError);
      if (!e) return { said: words(text), bodyWaitMs: undefined };
      return { said: words([e.message, ...(e.errors ?? [])].filter(Boolean).join(": ")), bodyWaitMs: undefined };
    }
    case "slack": // api.slack.com/messaging/webhooks#handling_errors: the body is a short code such as `invalid_token` or `channel_not_found`
    case "webhook":
      return { said: words(text), bodyWaitMs: undefined };
  }
}

/**
 * Reads a non-2xx answer as `provider` documents it. 429, 408 and 5xx are tried again: after the
 * wait the body asks for (Telegram's `parameters.retry_after`, Discord's `retry_after`), else the
 * headers' (Discord's `X-RateLimit-Reset-After`, anyone's `Retry-After`), else the queue's back-off.
 * Slack documents `Retry-After` on its 429; PagerDuty's Events API v2 only asks to back off.
 * Any other 4xx is refused for good. A body that is not what the provider documents is words at most.
 */
export function readRefusal(provider: Provider, status: number, headers: Headers, text: string, now: number): Refusal {
  const { said, bodyWaitMs } = providerSays(provider, status, headers, text);
  const quoted = said ? ` ("${said}")` : "";
  const c = CREDENTIAL[provider];
  if (status === 429 || status === 408 || status >= 500) {
    const headerWaitMs = (provider === "discord" ? secondsMs(headerSeconds(headers.get("x-ratelimit-reset-after"))) : undefined) ?? retryAfterMs(headers.get("retry-after"), now);
    const meaning = status === 429 ? "rate-limited" : status === 408 ? "the provider timed out" : "the provider failed on its side";
    return { retry: true, retryInMs: bodyWaitMs ?? headerWaitMs, what: `HTTP ${status}, ${meaning}${quoted}` };
  }
  if (status === 401) return { retry: false, retryInMs: undefined, what: `HTTP 401, the ${c.key} was not accepted${quoted}`, fix: `check the route's ${c.field}` };
  if (status === 403) return { retry: false, retryInMs: undefined, what: `HTTP 403, the ${c.key} may not post there${quoted}`, fix: `check the route's ${c.field} and what it may post to` };
  if (status === 404 || status === 410) return { retry: false, retryInMs: undefined, what: `HTTP ${status}, the ${c.target} does not exist${quoted}`, fix: `check the route's ${c.field}` };
  if (status >= 400) return { retry: false, retryInMs: undefined, what: `HTTP ${status}, the message was refused${quoted}`, fix: "the provider will refuse it again as it is" };
  // 1xx or 3xx (redirects are not followed: `redirect: "error"`): nothing was delivered, and nothing says a retry helps.
  return { retry: false, retryInMs: undefined, what: `HTTP ${status}, not an answer a provider gives${quoted}`, fix: `check the route's ${c.field}` };
}
