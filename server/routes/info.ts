import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from "../../shared/access/bodies.js";
import type { ServerDeps } from "../server-deps.js";
import { formatCoin } from "../lib/coins.js";
import { healthAnswer } from "../lib/health.js";

/** The committed OpenAPI document, served as is. */
const OPENAPI = readFileSync(new URL("../openapi.json", import.meta.url), "utf8");

/** `GET /health`, `GET /info`, `GET /accounts/{address}`, `GET /openapi.json`. */
export function registerInfoRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const info = JSON.stringify({
    chainId: deps.chain.chainId,
    bech32Prefix: deps.chain.prefix,
    defaultDenom: deps.chain.defaultDenom,
    denoms: deps.chain.denoms,
    defaultFee: formatCoin(deps.chain.defaultFee),
    defaultGas: deps.chain.defaultGas.toString(),
    holdWindowMs: deps.config.holdMs,
    maxListLimit: MAX_LIST_LIMIT,
    defaultListLimit: DEFAULT_LIST_LIMIT,
  });
  app.get("/health", async (_request, reply) => {
    if (!deps.health) return reply.type("application/json").send('{"status":"ok"}');
    const { status, body } = healthAnswer(await deps.health());
    return reply.status(status).header("cache-control", "no-store").type("application/json").send(JSON.stringify(body));
  });
  app.get("/info", async (_request, reply) => reply.type("application/json").send(info));
  app.get("/openapi.json", async (_request, reply) => reply.type("application/json").send(OPENAPI));
  app.get<{ Params: { address: string } }>("/accounts/:address", async (request) => deps.transactions.account(request.params.address));
}
