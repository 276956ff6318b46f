import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Alert } from "../../shared/contract/watch.js";
import { RouteConfig } from "./route-messages.js";
import { retryAfterMs } from "./provider-refusals.js";
import { createRoutes } from "./routes.js";

/**
 * Each route against a local receiver (a real HTTP server) that checks the provider's documented
 * request field by field and answers as the provider does, errors included. No provider is called.
 */
interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}
type Answer = { status: number; headers?: Record<string, string>; body?: string };
const servers: Server[] = [];

/** A receiver answering from `answers` in turn (the last one again once they run out). */
async function receiver(answers: Answer[] = [{ status: 200, body: "{}" }]) {
  const got: Received[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (d: Buffer) => (text += d.toString()));
    req.on("end", () => {
      got.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
      const a = answers[Math.min(n++, answers.length - 1)]!;
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers }).end(a.body ?? "");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const fired: Alert = { id: "6f1c2a52-0c4e-4a37-9a3e-5b1d1e9c7a10", networkId: "hub", key: "missed_blocks:ABCDEF", kind: "missed_blocks", subject: "ABCDEF0123456789ABCDEF0123456789ABCDEF01", title: "Missed blocks: ours", message: "ours missed 7 of the last 20 blocks.", firedAt: "2026-11-28T11:58:00.000Z", clearedAt: null, acknowledgedAt: null, snoozedUntil: null };
const cleared: Alert = { ...fired, clearedAt: "2026-11-28T11:59:30.000Z" };
const delays: number[] = [];
const queue = { wait: async (ms: number) => void delays.push(ms), baseDelayMs: 1_000, now: () => NOW };
const routesFor = (config: unknown) => createRoutes({ routes: [RouteConfig.parse(config)], networkName: () => "Cosmos Hub", queue, now: () => NOW });

describe("routes", () => {
  it("PagerDuty: a trigger and then a resolve with the same dedup_key per episode", async () => {
    const pd = await receiver([{ status: 202, body: '{"status":"success","message":"Event processed","dedup_key":"x"}' }]);
    const routes = routesFor({ type: "pagerduty", name: "oncall", routingKey: "R0UTINGKEY0123456789012345678901", url: `${pd.url}/v2/enqueue` });
    routes.alert("fired", fired);
    routes.alert("cleared", cleared);
    await routes.settled();
    // developer.pagerduty.com/docs/events-api-v2/trigger-events/: POST /v2/enqueue, JSON,
    // routing_key, event_action, dedup_key, payload.{summary, source, severity} required on a trigger.
    expect(pd.got.map((r) => r.path)).toEqual(["/v2/enqueue", "/v2/enqueue"]);
    expect(pd.got[0]!.headers["content-type"]).toBe("application/json");
    // One key per alert change, the same on every attempt and after a restart (durable-routes.ts).
    expect(pd.got.map((r) => r.headers["idempotency-key"])).toEqual([`${fired.id}:fired`, `${fired.id}:cleared`]);
    const [trigger, resolve] = pd.got.map((r) => r.body);
    expect(trigger).toMatchObject({ routing_key: "R0UTINGKEY0123456789012345678901", event_action: "trigger", dedup_key: fired.id });
    const payload = trigger!.payload as Record<string, unknown>;
    expect(payload.summary).toBe("[CRITICAL] Missed blocks: ours on Cosmos Hub");
    expect((payload.summary as string).length).toBeLessThanOrEqual(1024);
    expect(payload.source).toBe(`Cosmos Hub: ${fired.subject}`);
    expect(["critical", "error", "warning", "info"]).toContain(payload.severity);
    expect(payload.severity).toBe("critical");
    expect(payload.timestamp).toBe(fired.firedAt);
    expect(resolve).toEqual({ routing_key: "R0UTINGKEY0123456789012345678901", event_action: "resolve", dedup_key: fired.id });
    expect(routes.stats()[0]).toMatchObject({ delivered: 2, failures: 0, pending: 0 });
  });

  it("Telegram: sendMessage with chat_id and a plain text that names network, subject, what and since when", async () => {
    const tg = await receiver([{ status: 200, body: '{"ok":true,"result":{}}' }]);
    const routes = routesFor({ type: "telegram", name: "ops-chat", botToken: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", chatId: -1001234567890, url: tg.url });
    routes.alert("fired", fired);
    await routes.settled();
    // core.telegram.org/bots/api#sendmessage: POST https://api.telegram.org/bot<token>/sendMessage, chat_id and text (1-4096 characters).
    expect(tg.got[0]!.path).toBe("/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/sendMessage");
    const body = tg.got[0]!.body;
    expect(Object.keys(body).sort()).toEqual(["chat_id", "text"]);
    expect(body.chat_id).toBe(-1001234567890);
    const text = body.text as string;
    expect(text.length).toBeLessThanOrEqual(4096);
    for (const part of ["Cosmos Hub", fired.subject, "missed 7 of the last 20 blocks", `since ${fired.firedAt}`]) expect(text).toContain(part);
  });

  it("Discord: content and one embed, no mentions; Slack: text and a section block", async () => {
    const dc = await receiver([{ status: 204 }]);
    const sl = await receiver([{ status: 200, body: "ok" }]);
    const discord = routesFor({ type: "discord", name: "dc", url: `${dc.url}/api/webhooks/1/tok` });
    const slack = routesFor({ type: "slack", name: "sl", url: `${sl.url}/services/T0/B0/X` });
    discord.alert("cleared", cleared);
    slack.alert("fired", fired);
    await Promise.all([discord.settled(), slack.settled()]);
    // discord.com/developers/docs/resources/webhook#execute-webhook: content (≤ 2000), embeds (≤ 10; title ≤ 256, description ≤ 4096).
    const d = dc.got[0]!.body;
    expect(d.content).toBe("[RESOLVED] Missed blocks: ours on Cosmos Hub");
    const embeds = d.embeds as Array<Record<string, unknown>>;
    expect(embeds).toHaveLength(1);
    expect(embeds[0]).toMatchObject({ title: "Missed blocks: ours", timestamp: cleared.clearedAt });
    expect(embeds[0]!.description).toContain(`from ${fired.firedAt} to ${cleared.clearedAt}`);
    expect(d.allowed_mentions).toEqual({ parse: [] });
    // api.slack.com/messaging/webhooks: POST JSON with `text`, and `blocks` for the layout.
    const s = sl.got[0]!.body;
    expect(s.text).toBe("[CRITICAL] Missed blocks: ours on Cosmos Hub");
    const blocks = s.blocks as Array<{ type: string; text: { type: string; text: string } }>;
    expect(blocks[0]!.type).toBe("section");
    expect(blocks[0]!.text.type).toBe("plain_text");
    expect(blocks[0]!.text.text).toContain(fired.subject);
  });

  it("honours 429 Retry-After (seconds and HTTP date), backs off on 5xx, and gives up on 401 with the reason kept", async () => {
    delays.length = 0;
    const slow = await receiver([
      { status: 429, headers: { "retry-after": "7" }, body: "rate limited" },
      { status: 429, headers: { "retry-after": new Date(NOW + 30_000).toUTCString() } },
      { status: 503 },
      { status: 502 },
      { status: 200, body: "ok" },
    ]);
    const routes = routesFor({ type: "slack", name: "sl", url: slow.url });
    routes.alert("fired", fired);
    await routes.settled();
    expect(delays).toEqual([7_000, 30_000, 4_000, 8_000]); // Retry-After twice, then the back-off of the 3rd and 4th tries
    expect(slow.got).toHaveLength(5);
    expect(routes.stats()[0]).toMatchObject({ delivered: 1, failures: 4, givenUp: 0 });

    const revoked = await receiver([{ status: 401, body: '{"status":"invalid event","message":"Event object is invalid","errors":["invalid routing key"]}' }]);
    const pd = routesFor({ type: "pagerduty", name: "oncall", routingKey: "revoked", url: revoked.url });
    pd.alert("fired", fired);
    pd.alert("cleared", cleared);
    await pd.settled();
    expect(revoked.got).toHaveLength(2); // one attempt each: a 401 does not get better by retrying
    expect(pd.stats()[0]).toMatchObject({ delivered: 0, failures: 2, givenUp: 2 });
    expect(pd.stats()[0]!.lastError).toContain('pagerduty route "oncall": HTTP 401');
    expect(pd.stats()[0]!.lastError).toContain("invalid routing key");
  });

  it("keeps a bounded backlog: the oldest waiting are dropped and counted, never the watch held up", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = await receiver([{ status: 200 }]);
    const routes = createRoutes({ routes: [RouteConfig.parse({ type: "webhook", name: "hook", url: held.url })], networkName: () => "Cosmos Hub", now: () => NOW, queue: { ...queue, maxBacklog: 3, fetchImpl: async (url, init) => (await gate, fetch(url, init)) } });
    for (let i = 0; i < 10; i++) routes.alert("fired", { ...fired, id: `a${i}` }); // returns at once: push only queues
    expect(routes.stats()[0]).toMatchObject({ pending: 3, dropped: 7 });
    release();
    await routes.settled();
    expect(held.got.map((r) => (r.body.alert as Alert).id)).toEqual(["a0", "a8", "a9"]); // the one in flight, then the newest
  });

  it("routes by network and severity, tells a snoozed alert to no one, and sends one test message", async () => {
    const hook = await receiver([{ status: 200 }]);
    const routes = routesFor({ type: "webhook", name: "hub-critical", url: hook.url, networks: ["hub"], minSeverity: "critical" });
    routes.alert("fired", { ...fired, networkId: "other" });
    routes.alert("fired", { ...fired, kind: "node_down" }); // a warning
    routes.alert("fired", { ...fired, snoozedUntil: new Date(NOW + 60_000).toISOString() });
    routes.alert("acknowledged", fired);
    expect(routes.test("hub-critical")).toBe(true);
    expect(routes.test("no-such-route")).toBe(false);
    await routes.settled();
    expect(hook.got).toHaveLength(1);
    expect(hook.got[0]!.body).toMatchObject({ source: "cometdesk", change: "fired", alert: { title: "Test message from the Cometdesk watch" } });
  });

  it("reads Retry-After as seconds or an HTTP date, and ignores anything else", () => {
    expect(retryAfterMs("120", NOW)).toBe(120_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 12:01:00 GMT", NOW)).toBe(60_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 11:00:00 GMT", NOW)).toBe(0);
    expect(retryAfterMs("soon", NOW)).toBeUndefined();
    expect(retryAfterMs(null, NOW)).toBeUndefined();
  });
});
