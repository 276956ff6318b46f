import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BudgetWait, createRequestBudgets } from "../../../shared/net/request-budget.js";
import { withReadPriority } from "./read-priority.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * The one public RPC a user added, rate-limiting: a loopback node that answers each JSON-RPC
 * request (or batch) as the test says, counting HTTP requests and the items in them.
 */
type Item = { id: number; method: string; params: Record<string, unknown> };
let refuse: (n: number, items: Item[]) => string | undefined; // a Retry-After to refuse with, or undefined to answer
let requests = 0;
let items: Item[][] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const n = ++requests;
      const parsed = JSON.parse(body) as Item | Item[];
      const list = Array.isArray(parsed) ? parsed : [parsed];
      items.push(list);
      const retryAfter = refuse(n, list);
      if (retryAfter !== undefined) return void res.writeHead(429, { "retry-after": retryAfter }).end("Too Many Requests");
      const answers = list.map((i) => ({ jsonrpc: "2.0", id: i.id, result: { method: i.method, params: i.params } }));
      send(res, Array.isArray(parsed) ? answers : answers[0]);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  requests = 0;
  items = [];
  refuse = () => undefined;
});
const send = (res: ServerResponse, value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));

const only = (extra: Parameters<typeof createRpcTransport>[0] extends infer O ? Partial<O> : never = {}) => {
  const budgets = createRequestBudgets();
  const waits: BudgetWait[] = [];
  budgets.onWait((w) => waits.push(w));
  return { waits, budgets, t: createRpcTransport({ endpoints: () => [{ url, kind: "node" }], backoffMs: 1, budgets, ...extra }) };
};
const abci = (path: string) => ({ route: "abci_query", http: "POST" as const, params: { path, data: "" }, idempotent: true });

describe("a rate limit on the only node is a wait, not a failure", () => {
  it("waits out the Retry-After and asks again, telling the wait as it starts", async () => {
    refuse = (n) => (n === 1 ? "1" : undefined);
    const { t, waits } = only();
    const answer = await withReadPriority("user", () => t.call(abci("/cosmos.auth.v1beta1.Query/Account")));
    expect(answer.result).toMatchObject({ method: "abci_query" });
    expect(requests).toBe(2);
    expect(waits).toEqual([expect.objectContaining({ endpoint: url, priority: "user", cause: "retry_after" })]);
  });

  it("at one refusal in three, every read of a page comes back", async () => {
    refuse = (n) => (n % 3 === 0 ? "1" : undefined);
    const { t } = only({ batch: false });
    const reads = Array.from({ length: 9 }, (_, i) => t.call(abci(`/path/${i}`)));
    const answers = await Promise.all(reads);
    expect(answers.map((a) => (a.result as { params: { path: string } }).params.path)).toEqual(Array.from({ length: 9 }, (_, i) => `/path/${i}`));
    expect(requests).toBeGreaterThan(9); // the refused ones were asked again
  });

  it("goes on through several waits in a row, each within the bound, though together they pass it", async () => {
    // Refused twice: a rest of 2 s (the Retry-After), then 4 s (the back-off of a second refusal in a row), 6 s in all.
    refuse = (n) => (n <= 2 ? "2" : undefined);
    const { t } = only({ maxWaitMs: () => 4_000 });
    const answer = await withReadPriority("user", () => t.call(abci("/cosmos.staking.v1beta1.Query/Redelegations")));
    expect(answer.result).toMatchObject({ method: "abci_query" });
    expect(requests).toBe(3);
  }, 20_000);

  it("fails in words past the bound, naming the wait", async () => {
    refuse = () => "30";
    const { t } = only({ maxWaitMs: () => 2_000 });
    await expect(t.call(abci("/x"))).rejects.toMatchObject({ code: "rpc_rate_limited", message: expect.stringMatching(/^every node of this network is rate-limiting: next try in 30 s/) });
    expect(requests).toBe(1);
  });

  it("sends a refused broadcast again with the same bytes once the rest is over", async () => {
    refuse = (n) => (n === 1 ? "1" : undefined);
    const { t } = only();
    const answer = await t.call({ route: "broadcast_tx_sync", http: "POST", params: { tx: "CgQ=" }, idempotent: false });
    expect(answer.result).toMatchObject({ method: "broadcast_tx_sync", params: { tx: "CgQ=" } });
    expect(items.map((list) => list.map((i) => i.params.tx))).toEqual([["CgQ="], ["CgQ="]]);
  });
});

describe("staying under the limit", () => {
  it("asks once for the same read asked twice at once", async () => {
    const { t } = only();
    const [a, b] = await Promise.all([t.call(abci("/same")), t.call(abci("/same"))]);
    expect(a.result).toEqual(b.result);
    expect(requests).toBe(1);
  });

  it("sends reads that start together as one JSON-RPC batch, each with its own answer", async () => {
    const { t, budgets } = only();
    const answers = await Promise.all(["/a", "/b", "/c"].map((p) => t.call(abci(p))));
    expect(answers.map((a) => (a.result as { params: { path: string } }).params.path)).toEqual(["/a", "/b", "/c"]);
    expect(requests).toBe(1);
    expect(items[0]).toHaveLength(3);
    expect(budgets.stats()).toEqual([expect.objectContaining({ endpoint: url, perMinute: 1 })]);
  });

  it("gathers the reads that come while the first waits for its slot", async () => {
    const { t } = only({ budgets: createRequestBudgets({ ratePerSecond: 1 }) });
    await t.call(abci("/first")); // the one slot of this second
    const later = await Promise.all(["/a", "/b", "/c", "/d"].map((p) => t.call(abci(p))));
    expect(later).toHaveLength(4);
    expect(requests).toBe(2);
  });

  it("asks a node that refuses batches one read at a time from then on", async () => {
    let batches = 0;
    refuse = () => undefined;
    const plain = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const parsed = JSON.parse(body) as Item | Item[];
        if (Array.isArray(parsed)) {
          batches++;
          return send(res, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "batches are not served here" } });
        }
        send(res, { jsonrpc: "2.0", id: parsed.id, result: { path: parsed.params.path } });
      });
    });
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    const t = createRpcTransport({ endpoints: () => [{ url: plainUrl, kind: "node" }], budgets: createRequestBudgets() });
    const first = await Promise.all(["/a", "/b"].map((p) => t.call(abci(p))));
    const second = await Promise.all(["/c", "/d"].map((p) => t.call(abci(p))));
    expect([...first, ...second].map((a) => (a.result as { path: string }).path)).toEqual(["/a", "/b", "/c", "/d"]);
    expect(batches).toBe(1);
    await new Promise((r) => plain.close(r));
  });
});
