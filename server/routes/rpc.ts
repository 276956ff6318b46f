import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "../../shared/net/bounded-json.js";
import type { ServerDeps } from "../server-deps.js";
import { UpstreamError } from "../lib/errors.js";
import { RPC_ERRORS, rpcError, SAFE_RPC_METHODS } from "../lib/rpc-methods.js";
import type { UpstreamResponse } from "../lib/rpc-proxy.js";

const RpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  method: z.string(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  params: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});
type RpcRequest = z.infer<typeof RpcRequestSchema>;

/** Checks one request; returns the HTTP status and error body of a refused one. */
function refusal(item: unknown): { status: number; body: string } | undefined {
  const parsed = RpcRequestSchema.safeParse(item);
  const id = typeof item === "object" && item !== null && "id" in item ? (item as { id: unknown }).id : null;
  if (!parsed.success) return { status: 400, body: rpcError(id, RPC_ERRORS.invalidRequest, "Invalid Request", 'expected {jsonrpc:"2.0", method, id?, params?}') };
  if (SAFE_RPC_METHODS.has(parsed.data.method)) return undefined;
  return { status: 404, body: rpcError(id, RPC_ERRORS.methodNotFound, "Method not found", `"${parsed.data.method}" is not a route this service passes through`) };
}

function sendUpstream(reply: FastifyReply, upstream: UpstreamResponse): FastifyReply {
  // CometBFT answers URI-form errors with HTTP 500; they are the caller's bad parameters, not our failure.
  const status = upstream.status >= 200 && upstream.status < 300 ? 200 : 400;
  // Cut off midway (cap, deadline, node gone): the connection is reset, so the client cannot
  // mistake a truncated answer for a whole one.
  upstream.stream?.once("error", () => reply.raw.destroy());
  return reply.status(status).type("application/json").send(upstream.stream ?? upstream.body);
}

function sendUpstreamError(reply: FastifyReply, error: unknown, id: unknown): FastifyReply {
  if (!(error instanceof UpstreamError)) throw error;
  return reply.status(error.status).type("application/json").send(rpcError(id, RPC_ERRORS.upstream, error.kind === "timeout" ? "Node timeout" : "Node unavailable", error.message));
}

/** `GET /rpc/{route}` (URI form) and `POST /rpc` (JSON-RPC 2.0), safe routes only. */
export function registerRpcRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get<{ Params: { route: string } }>("/rpc/:route", async (request, reply) => {
    const route = request.params.route;
    if (!SAFE_RPC_METHODS.has(route)) {
      return reply.status(404).type("application/json").send(rpcError(-1, RPC_ERRORS.methodNotFound, "Method not found", `"${route}" is not a route this service passes through`));
    }
    const q = request.url.indexOf("?");
    try {
      return sendUpstream(reply, await deps.proxy.get(`/${route}${q >= 0 ? request.url.slice(q) : ""}`));
    } catch (error) {
      return sendUpstreamError(reply, error, -1);
    }
  });

  app.post("/rpc", async (request, reply) => {
    const body: unknown = request.body;
    if (Array.isArray(body)) return reply.type("application/json").send(await batch(deps, body));
    const refused = refusal(body);
    if (refused) return reply.status(refused.status).type("application/json").send(refused.body);
    const single = body as RpcRequest;
    try {
      return sendUpstream(reply, await deps.proxy.post(JSON.stringify(single)));
    } catch (error) {
      return sendUpstreamError(reply, error, single.id);
    }
  });
}

/** A batch: refused items answered here, the rest forwarded in one call, answers kept in order. */
async function batch(deps: ServerDeps, items: unknown[]): Promise<string> {
  if (items.length === 0) return rpcError(null, RPC_ERRORS.invalidRequest, "Invalid Request", "empty batch");
  const refusals = items.map(refusal);
  const allowed = items.filter((_, i) => refusals[i] === undefined);
  if (allowed.length === 0) return `[${refusals.map((r) => r?.body).join(",")}]`;
  let forwarded: unknown[];
  try {
    const upstream = await deps.proxy.postBuffered(JSON.stringify(allowed));
    const text = upstream.body.toString("utf8");
    // The batch's answers are split and written again: a hostile depth would overflow the stack.
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new UpstreamError("bad_response", `the node's answer nests deeper than ${MAX_JSON_DEPTH} levels`);
    const parsed: unknown = JSON.parse(text);
    forwarded = Array.isArray(parsed) ? parsed : allowed.map(() => parsed);
  } catch (error) {
    if (!(error instanceof UpstreamError) && !(error instanceof SyntaxError)) throw error;
    const message = error instanceof UpstreamError ? error.message : "the node's answer is not JSON";
    forwarded = allowed.map((item) => JSON.parse(rpcError((item as RpcRequest).id, RPC_ERRORS.upstream, "Node unavailable", message)) as unknown);
  }
  let next = 0;
  return `[${refusals.map((r) => r?.body ?? JSON.stringify(forwarded[next++] ?? null)).join(",")}]`;
}
