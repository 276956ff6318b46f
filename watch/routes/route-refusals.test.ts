import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Alert } from "../../shared/contract/watch.js";
import { createProblemLog } from "../../storage/problems.js";
import { openAlertHistory } from "../alert-history.js";
import { createDurableRoutes, type DurableRoutes } from "./durable-routes.js";
import { RouteConfig } from "./route-messages.js";

/**
 * Every route's refusals, each answered by a local receiver (a real HTTP server) the way its
 * provider documents them: a 429 in the provider's own format, a 5xx, a 401 and a 403. The queue's
 * waits are recorded instead of slept. No provider is called.
 */
type Answer = { status: number; headers?: Record<string, string>; body?: string };
const servers: Server[] = [];
const dirs: string[] = [];
const opened: DurableRoutes[] = [];
afterEach(async () => {
  opened.splice(0).forEach((r) => r.stop());
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A receiver answering from `answers` in turn (the last one again once they run out). */
async function receiver(answers: Answer[]) {
  const got: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const a = answers[Math.min(got.length, answers.length - 1)]!;
      got.push(req.url ?? "");
      res.writeHead(a.status, { "content-type": a.body?.startsWith("{") ? "application/json" : "text/plain", ...a.headers }).end(a.body ?? "");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const T0 = Date.parse("2026-12-07T12:00:00.000Z");
const alert: Alert = { id: "a1", networkId: "hub", key: "missed_blocks:V", kind: "missed_blocks", subject: "ABCDEF0123456789ABCDEF0123456789ABCDEF01", title: "Missed blocks: ours", message: "ours missed 7 of the last 20 blocks.", firedAt: new Date(T0).toISOString(), clearedAt: null, acknowledgedAt: null, snoozedUntil: null };

interface Route {
  readonly name: string;
  /** The route's config for a receiver at `url`; undefined: the network's own webhook. */
  readonly config?: (url: string) => unknown;
  /** The provider's 429, as its docs define it, and the wait it asks for (undefined: the queue's back-off). */
  readonly limited: Answer;
  readonly waitMs: number;
  readonly unauthorized: Answer;
  readonly forbidden: Answer;
  /** Words of the provider's own that the refusal's reason keeps, and the field it points at. */
  readonly said: readonly [string, string];
  readonly field: string;
}

const ROUTES: readonly Route[] = [
  {
    name: "pagerduty",
    config: (url) => ({ type: "pagerduty", name: "oncall", routingKey: "R0UTINGKEY0123456789012345678901", url: `${url}/v2/enqueue` }),
    // developer.pagerduty.com/docs/events-api-v2/overview/: a 429 asks only to back off, with no wait of its own.
    limited: { status: 429, body: "" },
    waitMs: 1_000,
    unauthorized: { status: 401, body: '{"status":"invalid event","message":"Event object is invalid","errors":["invalid routing key"]}' },
    forbidden: { status: 403, body: '{"status":"forbidden","message":"Forbidden","errors":["integration disabled"]}' },
    said: ["invalid routing key", "integration disabled"],
    field: "routingKey",
  },
  {
    name: "telegram",
    config: (url) => ({ type: "telegram", name: "ops", botToken: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", chatId: -1001234567890, url }),
    // core.telegram.org/bots/api#responseparameters: the wait is the body's parameters.retry_after, in seconds.
    limited: { status: 429, body: '{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}' },
    waitMs: 3_000,
    unauthorized: { status: 401, body: '{"ok":false,"error_code":401,"description":"Unauthorized"}' },
    forbidden: { status: 403, body: '{"ok":false,"error_code":403,"description":"Forbidden: bot was kicked from the supergroup chat"}' },
    said: ["Unauthorized", "bot was kicked from the supergroup chat"],
    field: "botToken and chatId",
  },
  {
    name: "discord",
    config: (url) => ({ type: "discord", name: "ops", url: `${url}/api/webhooks/1/tok` }),
    // discord.com/developers/docs/topics/rate-limits: the body's retry_after is seconds as a float; Retry-After rounds it up.
    limited: { status: 429, headers: { "retry-after": "3", "x-ratelimit-reset-after": "2.5", "x-ratelimit-scope": "user" }, body: '{"message":"You are being rate limited.","retry_after":2.5,"global":false}' },
    waitMs: 2_500,
    unauthorized: { status: 401, body: '{"message":"Invalid Webhook Token","code":50027}' },
    forbidden: { status: 403, body: '{"message":"Missing Permissions","code":50013}' },
    said: ["Invalid Webhook Token", "Missing Permissions"],
    field: "url",
  },
  {
    name: "slack",
    config: (url) => ({ type: "slack", name: "ops", url: `${url}/services/T0/B0/X` }),
    // api.slack.com/apis/rate-limits: a 429 with Retry-After in seconds.
    limited: { status: 429, headers: { "retry-after": "4" }, body: "rate_limited" },
    waitMs: 4_000,
    unauthorized: { status: 401, body: "invalid_token" },
    forbidden: { status: 403, body: "action_prohibited" },
    said: ["invalid_token", "action_prohibited"],
    field: "url",
  },
  {
    name: "webhook route",
    config: (url) => ({ type: "webhook", name: "hook", url }),
    limited: { status: 429, headers: { "retry-after": new Date(T0 + 5_000).toUTCString() } },
    waitMs: 5_000,
    unauthorized: { status: 401, body: "token expired" },
    forbidden: { status: 403, body: "not allowed" },
    said: ["token expired", "not allowed"],
    field: "url",
  },
  {
    name: "network webhook",
    limited: { status: 429, headers: { "retry-after": "6" } },
    waitMs: 6_000,
    unauthorized: { status: 401, body: "token expired" },
    forbidden: { status: 403, body: "not allowed" },
    said: ["token expired", "not allowed"],
    field: "url",
  },
];

/** The route (or the network's webhook) against a receiver, durable in a fresh data folder, its waits recorded. */
function deliverer(route: Route, url: string) {
  const dir = mkdtempSync(join(tmpdir(), "route-refusals-"));
  dirs.push(dir);
  const problems = createProblemLog();
  const history = openAlertHistory(dir, problems);
  const waits: Array<{ ms: number; lastError: string | null }> = [];
  const lastError = (): string | null => (route.config ? routes.stats()[0]!.lastError : routes.webhookError());
  const routes: DurableRoutes = createDurableRoutes({
    dataDir: dir, problems, history,
    routes: route.config ? [RouteConfig.parse(route.config(url))] : [],
    networkIds: ["hub"],
    webhookOf: () => ({ url: route.config ? null : `${url}/hook`, timeoutMs: 2_000 }),
    networkName: () => "Cosmos Hub",
    queue: { wait: async (ms) => void waits.push({ ms, lastError: lastError() }), baseDelayMs: 1_000, now: () => T0 },
    now: () => T0,
  });
  opened.push(routes);
  history.put(alert);
  routes.alert("fired", alert);
  return { routes, waits, lastError, given: () => (route.config ? routes.stats()[0]! : undefined) };
}

describe.each(ROUTES)("$name refusals", (route) => {
  it("waits out a 429 as the provider asks, backs off on a 5xx, and delivers", async () => {
    const rx = await receiver([route.limited, { status: 503, body: "upstream unavailable" }, { status: 200, body: route.name === "telegram" ? '{"ok":true,"result":{}}' : "ok" }]);
    const d = deliverer(route, rx.url);
    await d.routes.settled();
    // The 429's own wait, then the back-off of a second try (1 s doubled).
    expect(d.waits.map((w) => w.ms)).toEqual([route.waitMs, 2_000]);
    expect(rx.got).toHaveLength(3);
    expect(d.waits[0]!.lastError).toContain("HTTP 429, rate-limited");
    expect(d.waits[0]!.lastError).toContain(`tried again in ${route.waitMs / 1000} s`);
    expect(d.waits[1]!.lastError).toContain("HTTP 503, the provider failed on its side");
    if (route.config) expect(d.given()).toMatchObject({ delivered: 1, failures: 2, givenUp: 0, pending: 0 });
  });

  it.each([
    ["401", (r: Route) => r.unauthorized, 0],
    ["403", (r: Route) => r.forbidden, 1],
  ] as const)("does not retry a %s, and says why in words", async (status, answerOf, i) => {
    const rx = await receiver([answerOf(route), { status: 200 }]);
    const d = deliverer(route, rx.url);
    await d.routes.settled();
    expect(rx.got).toHaveLength(1);
    expect(d.waits).toEqual([]);
    const why = d.lastError()!;
    expect(why).toContain(`HTTP ${status}, the `);
    expect(why).toContain(route.said[i]);
    expect(why).toContain(`not retried, as retrying will not help: check the route's ${route.field}`);
    if (route.config) expect(d.given()).toMatchObject({ delivered: 0, failures: 1, givenUp: 1, pending: 0 });
  });
});

describe("hostile rate-limit answers", () => {
  const telegram = ROUTES.find((r) => r.name === "telegram")!;
  const discord = ROUTES.find((r) => r.name === "discord")!;
  const once = async (route: Route, limited: Answer) => {
    const rx = await receiver([limited, { status: 200, body: "{}" }]);
    const d = deliverer(route, rx.url);
    await d.routes.settled();
    expect(rx.got).toHaveLength(2); // tried again, whatever the answer held
    return d.waits;
  };

  it("caps a wait the provider asks for at the route's longest, and says so", async () => {
    const waits = await once(telegram, { status: 429, body: '{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":1000000000}}' });
    expect(waits.map((w) => w.ms)).toEqual([300_000]);
    expect(waits[0]!.lastError).toContain("tried again in 5 min (it asked for 11574 days, more than the most this route waits)");
  });

  it.each([
    ["not JSON", "{\"ok\":false,"],
    ["retry_after as a string", '{"ok":false,"error_code":429,"parameters":{"retry_after":"3"}}'],
    ["a negative retry_after", '{"ok":false,"error_code":429,"parameters":{"retry_after":-3}}'],
    ["nested past any sense", `${"[".repeat(5_000)}${"]".repeat(5_000)}`],
    ["larger than a refusal is read", JSON.stringify({ ok: false, error_code: 429, parameters: { retry_after: 3 }, description: "x".repeat(100_000) })],
  ])("falls back to the back-off on a Telegram 429 body %s", async (_what, body) => {
    const waits = await once(telegram, { status: 429, body });
    expect(waits.map((w) => w.ms)).toEqual([1_000]);
  });

  it("reads Discord's headers when its body is not its JSON (an HTML page from the edge), and its header when the body is in milliseconds", async () => {
    expect((await once(discord, { status: 429, headers: { "retry-after": "7", "x-ratelimit-reset-after": "6.25" }, body: "<html>Too many requests</html>" })).map((w) => w.ms)).toEqual([6_250]);
    expect((await once(discord, { status: 429, headers: { "retry-after": "3" }, body: '{"message":"You are being rate limited.","retry_after":2500,"global":true}' })).map((w) => w.ms)).toEqual([3_000]);
  });

  it("keeps control characters of a refusal out of its words", async () => {
    const rx = await receiver([{ status: 400, body: '{"ok":false,"error_code":400,"description":"Bad Request: chat not found\\n[ERROR] forged line\\u202e"}' }]);
    const d = deliverer(telegram, rx.url);
    await d.routes.settled();
    expect(d.lastError()).toContain('HTTP 400, the message was refused ("Bad Request: chat not found [ERROR] forged line")');
  });
});
