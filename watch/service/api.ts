import { timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import type { Logger } from "pino";
import { z, ZodError } from "zod";
import { bearerToken } from "../../shared/access/bearer.js";
import { AppError } from "../../shared/app-error.js";
import { MAX_ADDED_NODES, MAX_WATCHED_VALIDATORS, type WatchConfig, WatchRules } from "../../shared/contract/watch.js";
import { HttpUrl, Id } from "../../shared/primitives.js";
import { ChangeCursor, MAX_CHANGES_WAIT_SECONDS } from "../../shared/watch-service/bodies.js";
import { createWatchMetrics } from "./metrics.js";
import { NodeRpcError } from "./node-rpc.js";
import type { WatchHost } from "./watch-host.js";

/** The bodies and queries of the watch service's API (docs/watch-service.md), checked on every request. */
export const ListQuery = z.strictObject({ networkId: Id.optional(), limit: z.coerce.number().int().min(1).max(1000).default(200) });
export const StatusQuery = z.strictObject({ networkId: Id.optional() });
export const AlertParams = z.strictObject({ id: z.string().min(1).max(64) });
export const NetworkParams = z.strictObject({ id: Id });
export const RouteParams = z.strictObject({ name: z.string().min(1).max(64) });
export const SnoozeBody = z.strictObject({ minutes: z.number().int().min(0).max(7 * 24 * 60) });
export const ListsBody = z.strictObject({
  validators: z.array(z.strictObject({ address: z.string().min(1).max(128), label: z.string().max(64).default("") })).max(MAX_WATCHED_VALIDATORS),
  nodes: z.array(HttpUrl).max(MAX_ADDED_NODES),
});
export const RulesBody = z.strictObject({ rules: WatchRules });
export const ChangesQuery = z.strictObject({ since: ChangeCursor.optional(), wait: z.coerce.number().int().min(0).max(MAX_CHANGES_WAIT_SECONDS).default(0) });

const BODY_LIMIT = 256 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Compares in constant time, so the token cannot be guessed a byte at a time from answer times. */
function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The watch service's HTTP API: everything but /health needs `Authorization: Bearer <token>`. */
export function createWatchApi(o: { host: WatchHost; token: string; logger: Logger; https?: { cert: Buffer; key: Buffer } }): FastifyInstance {
  const app = Fastify({ loggerInstance: o.logger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: BODY_LIMIT, requestTimeout: 30_000, ...(o.https ? { https: o.https } : {}) }) as unknown as FastifyInstance;
  app.removeContentTypeParser("text/plain");
  const { watch, store, history } = o.host;

  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.url === "/health") return;
    if (!sameToken(bearerToken(request.headers.authorization), o.token)) {
      reply.header("www-authenticate", 'Bearer realm="cometdesk-watch"');
      throw new HttpError(401, "unauthorized", "an Authorization: Bearer <token> header with the service's token is required");
    }
  });
  app.setErrorHandler((error, _request, reply) => send(reply, toHttpError(error, o.logger)));
  app.setNotFoundHandler((request, reply) => send(reply, new HttpError(404, "not_found", `no route ${request.method} ${request.url.split("?")[0]}`)));

  const network = (id: string) => {
    const n = o.host.network(id);
    if (!n) throw new HttpError(404, "network_not_found", `the service watches no network "${id}"; it watches ${o.host.networkIds().join(", ")}`);
    return n;
  };
  const found = <T>(value: T | undefined, verb: string): T => {
    if (value === undefined) throw new HttpError(404, "alert_not_found", `That alert is not in the history, so there is nothing to ${verb}.`);
    return value;
  };

  app.get("/health", async () => ({ ok: true }));
  const metrics = createWatchMetrics(o.host);
  app.get("/metrics", async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()));
  app.get("/v1/status", async (request) => {
    const q = StatusQuery.parse(request.query);
    const ids = q.networkId ? [network(q.networkId).id] : o.host.networkIds();
    return { networks: ids.map((id) => ({ ...watch.status(id), chainId: o.host.network(id)!.chainId, followError: o.host.followError(id), skippedAtStart: o.host.skippedAtStart(id) })) };
  });
  app.get("/v1/alerts", async (request) => {
    const q = ListQuery.parse(request.query);
    const open = history.all().filter((a) => a.clearedAt === null && (!q.networkId || a.networkId === q.networkId));
    return { alerts: open.slice(-q.limit).reverse() };
  });
  app.get("/v1/history", async (request) => {
    const q = ListQuery.parse(request.query);
    return { alerts: history.all().filter((a) => !q.networkId || a.networkId === q.networkId).slice(-q.limit).reverse() };
  });
  app.post("/v1/alerts/:id/acknowledge", async (request) => found(watch.acknowledge(AlertParams.parse(request.params).id), "acknowledge"));
  app.post("/v1/alerts/:id/snooze", async (request) => {
    const { id } = AlertParams.parse(request.params);
    const { minutes } = SnoozeBody.parse(request.body);
    return found(watch.snooze(id, minutes), minutes === 0 ? "unsnooze" : "snooze");
  });
  app.put("/v1/networks/:id/lists", async (request) => {
    const n = network(NetworkParams.parse(request.params).id);
    const body = ListsBody.parse(request.body);
    // Every address is resolved before anything is stored: one bad entry changes nothing.
    const validators: WatchConfig["validators"] = [];
    for (const v of body.validators) validators.push({ address: await watch.resolveValidator(n, v.address), ref: v.address, label: v.label });
    return store.update(n.id, (c) => ({ ...c, validators, nodes: body.nodes }));
  });
  // Held open up to `wait` seconds until a change comes: the app hears of an alert as it fires.
  app.get("/v1/changes", async (request, reply) => {
    const q = ChangesQuery.parse(request.query);
    const gone = new AbortController();
    request.raw.once("close", () => gone.abort());
    await o.host.changes.wait(q.since, q.wait * 1000, gone.signal);
    return reply.header("cache-control", "no-store").send(o.host.changes.since(q.since));
  });
  app.get("/v1/routes", async () => ({ routes: o.host.routes.stats() }));
  app.post("/v1/routes/:name/test", async (request, reply) => {
    const { name } = RouteParams.parse(request.params);
    if (!o.host.routes.test(name)) throw new HttpError(404, "route_not_found", `no route named "${name}"`);
    return reply.status(202).send({ queued: true });
  });
  app.put("/v1/networks/:id/rules", async (request) => {
    const n = network(NetworkParams.parse(request.params).id);
    const { rules } = RulesBody.parse(request.body);
    return store.update(n.id, (c) => ({ ...c, rules }));
  });
  return app;
}

function send(reply: FastifyReply, e: HttpError): FastifyReply {
  return reply.status(e.status).type("application/json").send(JSON.stringify({ error: { code: e.code, message: e.message } }));
}

/** Bad input is a 4xx said in words; only a bug is a 500. */
function toHttpError(error: unknown, log: Logger): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return new HttpError(400, "invalid_request", error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; "));
  if (error instanceof NodeRpcError) return new HttpError(502, "upstream_error", error.message.slice(0, 500));
  if (error instanceof AppError) return new HttpError(error.code === "conflict" ? 409 : error.code.endsWith("not_found") ? 404 : 400, error.code, error.message);
  const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined;
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return new HttpError(413, "payload_too_large", `request bodies are limited to ${BODY_LIMIT} bytes`);
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return new HttpError(415, "unsupported_media_type", "send the body as Content-Type: application/json");
  if (code === "FST_ERR_CTP_EMPTY_JSON_BODY" || code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) return new HttpError(400, "invalid_json", "the body is not valid JSON");
  const status = typeof error === "object" && error !== null && "statusCode" in error ? Number((error as { statusCode: unknown }).statusCode) : 500;
  if (status >= 400 && status < 500) return new HttpError(status, "invalid_request", error instanceof Error ? error.message : "bad request");
  log.error({ err: error }, "unhandled error");
  return new HttpError(500, "internal", "internal error; it has been logged");
}
