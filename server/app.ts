import cors from "@fastify/cors";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import type { Logger } from "pino";
import { ZodError } from "zod";
import { bearerToken } from "../shared/access/bearer.js";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "../shared/net/bounded-json.js";
import { BODY_LIMIT_BYTES } from "./lib/config.js";
import { ApiError, NodeRpcError, StoreUnavailableError, UpstreamError } from "./lib/errors.js";
import { RateLimiter } from "./lib/rate-limit.js";
import { registerInfoRoutes } from "./routes/info.js";
import { registerRpcRoutes } from "./routes/rpc.js";
import { registerTransactionRoutes } from "./routes/transactions.js";
import type { ServerDeps } from "./server-deps.js";

export type { ServerDeps };

export type { HealthReport } from "./lib/health.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Id of the token that authenticated the request. */
    tokenId: string;
  }
}

const routeTables = new WeakMap<FastifyInstance, string[]>();

/** "METHOD /path/{param}" of every route an app registered, for checking against openapi.json. */
export function registeredRoutes(app: FastifyInstance): readonly string[] {
  return routeTables.get(app) ?? [];
}

/** Routes that answer without a token: liveness only. */
const PUBLIC_ROUTES = new Set(["/health"]);

/** Builds the Transaction Access Interface app (docs/access-interface.md); it does not listen. */
export async function createServer(deps: ServerDeps): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.logger;
  // requestTimeout: a client that trickles its request (slowloris) is cut off after 30 s, not Node's 300.
  // Behind a load balancer, request.ip (the failed-auth limit's key) is the client's only if the balancer is trusted.
  const trustProxy = deps.config.trustProxy.length > 0 ? [...deps.config.trustProxy] : false;
  const app = Fastify({ loggerInstance, logController: new LogController({ disableRequestLogging: true }), bodyLimit: BODY_LIMIT_BYTES, exposeHeadRoutes: false, return503OnClosing: true, requestTimeout: 30_000, trustProxy });
  app.removeContentTypeParser("text/plain"); // bodies are JSON only: anything else is a 415
  // Threat: JSON nested thousands deep fits in the body limit, parses, and then overflows the
  // stack of whatever walks or writes it again (JSON.stringify, zod): a 500. Its depth is
  // counted on the raw text, before anything else sees it.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new ApiError(400, "json_too_deep", `the body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.decorateRequest("tokenId", "");
  const routes: string[] = [];
  routeTables.set(app, routes);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push(`${method} ${route.url.replace(/:(\w+)/g, "{$1}")}`);
  });
  if (deps.config.corsOrigins.length > 0) {
    const origins = deps.config.corsOrigins;
    await app.register(cors, { origin: origins.includes("*") ? true : origins, methods: ["GET", "POST", "DELETE"], allowedHeaders: ["authorization", "content-type"], exposedHeaders: ["retry-after"], maxAge: 600 });
  }

  const limiter = deps.limiter ?? new RateLimiter(deps.config.rateLimit, deps.config.rateBurst);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "OPTIONS" || PUBLIC_ROUTES.has(request.routeOptions.url ?? "")) return;
    const token = bearerToken(request.headers.authorization);
    const entry = token ? await deps.tokens.verify(token) : undefined;
    if (!entry) {
      // Failed attempts are limited per client address, so guessing tokens cannot flood the service.
      const wait = await limiter.take(`ip:${request.ip}`);
      if (wait > 0) throw new ApiError(429, "rate_limited", `too many unauthenticated requests; retry in ${wait} s`, { retryAfterSeconds: wait }, { "retry-after": String(wait) });
      reply.header("www-authenticate", 'Bearer realm="cometdesk"');
      throw new ApiError(401, "unauthorized", token ? "the bearer token is not valid (unknown or revoked)" : "an Authorization: Bearer <token> header is required");
    }
    request.tokenId = entry.id;
    const wait = await limiter.take(entry.id);
    if (wait > 0) throw new ApiError(429, "rate_limited", `too many requests for this token; retry in ${wait} s`, { retryAfterSeconds: wait }, { "retry-after": String(wait) });
  });

  if (deps.logger.isLevelEnabled("debug")) {
    // Per-request lines only at debug: at info they would cost more than the list itself.
    app.addHook("onResponse", async (request, reply) => {
      request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, "request");
    });
  }

  app.setErrorHandler((error: FastifyError | Error, request, reply) => sendError(reply, toApiError(error, deps.logger, request.url)));
  app.setNotFoundHandler((request, reply) => sendError(reply, new ApiError(404, "not_found", `no route ${request.method} ${request.url.split("?")[0]}`)));

  registerInfoRoutes(app, deps);
  registerTransactionRoutes(app, deps);
  registerRpcRoutes(app, deps);
  return app;
}

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.status).headers(error.headers).type("application/json").send(JSON.stringify(error.body()));
}

/** Maps any thrown value to the documented error shape; only a real bug becomes a 500. */
function toApiError(error: FastifyError | Error, log: Logger, url: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) {
    const details = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return new ApiError(400, "invalid_request", details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join("; "), details);
  }
  if (error instanceof StoreUnavailableError) {
    log.warn({ err: error.message, url }, "the database is not reachable; answered 503");
    return new ApiError(503, "unavailable", "the service cannot reach its database right now; nothing was changed by this request unless a retry finds it done; retry later");
  }
  if (error instanceof UpstreamError) return new ApiError(error.status, error.kind === "timeout" ? "upstream_timeout" : "upstream_error", error.message);
  if (error instanceof NodeRpcError) return new ApiError(502, "upstream_error", `the node answered with an error: ${error.message} ${error.data ?? ""}`.trim());
  const code = "code" in error ? error.code : undefined;
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "payload_too_large", `request bodies are limited to ${BODY_LIMIT_BYTES} bytes`);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError(415, "unsupported_media_type", "send the body as Content-Type: application/json");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError(400, "invalid_json", "the body is not valid JSON");
  }
  if (typeof code === "string" && /^E[A-Z]+$/.test(code) && !("statusCode" in error)) {
    // A system error (disk full, I/O): nothing was acknowledged; the client may retry.
    log.error({ err: error, url }, "storage or system error");
    return new ApiError(503, "unavailable", "the service cannot store the request right now; retry later");
  }
  const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
  if (error instanceof SyntaxError && status === 400) return new ApiError(400, "invalid_json", `the body is not valid JSON: ${error.message}`);
  if (status >= 400 && status < 500) return new ApiError(status, "invalid_request", error.message);
  log.error({ err: error, url }, "unhandled error");
  return new ApiError(500, "internal", "internal error; it has been logged");
}
