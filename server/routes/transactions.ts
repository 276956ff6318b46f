import type { FastifyInstance } from "fastify";
import { ListQuery, parseSubmitBody, SignDocBody, TxIdParam } from "../../shared/access/bodies.js";
import { checkAddress } from "../lib/address.js";
import { ApiError } from "../lib/errors.js";
import { type ListedTx, type TxRecord, toWire } from "../lib/records.js";
import type { ServerDeps } from "../server-deps.js";

/** List items serialized once per record version: records are immutable, so the cache never goes stale. */
const listJson = new WeakMap<ListedTx, string>();
function itemJson(record: ListedTx): string {
  let json = listJson.get(record);
  if (json === undefined) {
    json = JSON.stringify(toWire(record, false));
    listJson.set(record, json);
  }
  return json;
}

function recordJson(record: TxRecord): string {
  return JSON.stringify(toWire(record, true));
}

function parseHash(id: string): string {
  const parsed = TxIdParam.safeParse(id);
  if (!parsed.success) throw new ApiError(404, "not_found", `no transaction ${id} here: an id is 64 hex characters`);
  return parsed.data;
}

/** The `/transactions` routes of docs/access-interface.md. */
export function registerTransactionRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get("/transactions", async (request, reply) => {
    const query = ListQuery.parse(request.query);
    if (query.address !== undefined) checkAddress(query.address, deps.chain.prefix, "address");
    const page = await deps.store.list(query);
    const items = page.items.map(itemJson).join(",");
    const cursor = page.nextCursor === undefined ? "" : `,"nextCursor":${JSON.stringify(page.nextCursor)}`;
    return reply.type("application/json").send(`{"transactions":[${items}]${cursor}}`);
  });

  app.get<{ Params: { id: string } }>("/transactions/:id", async (request, reply) => {
    const record = await deps.store.get(parseHash(request.params.id));
    if (!record) throw new ApiError(404, "not_found", `no transaction ${request.params.id} here`);
    return reply.type("application/json").send(recordJson(record));
  });

  app.post("/transactions/sign-doc", async (request) => {
    const body = SignDocBody.parse(request.body);
    return { signDoc: await deps.transactions.signDoc(body) };
  });

  app.post("/transactions", async (request, reply) => {
    const body = parseSubmitBody(request.body);
    const { record, created } = "txBytes" in body ? await deps.transactions.submitTxBytes(body, request.tokenId) : await deps.transactions.submit(body, request.tokenId);
    return reply.status(created ? 202 : 200).type("application/json").send(recordJson(record));
  });

  app.delete<{ Params: { id: string } }>("/transactions/:id", async (request, reply) => {
    const record = await deps.transactions.cancel(parseHash(request.params.id), request.tokenId);
    return reply.type("application/json").send(recordJson(record));
  });
}
