import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcNotHeldError, RpcRateLimitedError } from "./rpc-errors.js";
import { createRequestBudgets } from "../../../shared/net/request-budget.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * Public nodes as they are: some rate-limit (HTTP 429 or 503 with Retry-After, RFC 9110
 * §10.2.3), some run without a transaction index or keep no old blocks. Two loopback nodes, each
 * answering as its test says; the error words are CometBFT's (rpc/core/tx.go: "transaction
 * indexing is disabled"; rpc/core/env.go: "height %d is not available, lowest height is %d").
 */
interface FakeNode {
  url: string;
  requests: number;
  answer: (req: IncomingMessage, id: number, res: ServerResponse) => void;
  server: Server;
}
const nodes: FakeNode[] = [];
const ok = (id: number, res: ServerResponse, result: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result }));
const rpcError = (id: number, res: ServerResponse, data: string) =>
  res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error", data } }));
const tooMany = (res: ServerResponse, retryAfter?: string, status = 429) =>
  res.writeHead(status, { "content-type": "text/plain", ...(retryAfter === undefined ? {} : { "retry-after": retryAfter }) }).end("Too Many Requests");

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const node = { requests: 0, answer: () => {} } as unknown as FakeNode;
    node.server = createServer((req, res) => {
      node.requests++;
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => node.answer(req, (JSON.parse(body) as { id: number }).id, res));
    });
    await new Promise<void>((r) => node.server.listen(0, "127.0.0.1", r));
    node.url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
    nodes.push(node);
  }
});
afterAll(async () => Promise.all(nodes.map((n) => new Promise((r) => n.server.close(r)))));

const reset = () => nodes.forEach((n) => (n.requests = 0));
const clock = { t: Date.parse("2026-11-28T00:00:00Z") };
/** Budgets on the test's clock, at a rate the tests never reach: these tests are about rests, not rates. */
const clockBudgets = () => createRequestBudgets({ ratePerSecond: 1_000_000, clock: { now: () => clock.t, setTimer: (fn, ms) => ((t) => ({ cancel: () => clearTimeout(t) }))(setTimeout(fn, ms)) } });
/** With no time to wait, as a read whose bound is 0: a rate limit on every node fails at once, in words. */
const transport = () => createRpcTransport({ endpoints: () => nodes.map((n) => ({ url: n.url, kind: "node" as const })), backoffMs: 1, now: () => clock.t, budgets: clockBudgets(), maxWaitMs: () => 0 });
const status = { route: "status", http: "POST" as const, params: {}, idempotent: true };
const txSearch = { route: "tx_search", http: "POST" as const, params: { query: "tx.height>0" }, idempotent: true };

describe("a public node's rate limit, when the read may not wait", () => {
  it("moves the same read to the next endpoint at once and leaves the refusing one alone for its Retry-After", async () => {
    const [a, b] = nodes as [FakeNode, FakeNode];
    a.answer = (_req, _id, res) => tooMany(res, "12");
    b.answer = (_req, id, res) => ok(id, res, { from: "b" });
    reset();
    const t = transport();
    expect(await t.call(status)).toMatchObject({ result: { from: "b" }, endpoint: b.url });
    expect(a.requests).toBe(1); // asked once, not retried
    // While A rests it is not asked, though it would answer now: B refusing too ends the read in words.
    a.answer = (_req, id, res) => ok(id, res, { from: "a" });
    b.answer = (_req, _id, res) => tooMany(res, "30");
    await expect(t.call(status)).rejects.toThrow(/^every node of this network is rate-limiting: next try in 12 s/);
    expect([a.requests, b.requests]).toEqual([1, 2]);
  });

  it("says when every node is rate-limiting, and when to try next, without asking a resting one", async () => {
    const [a, b] = nodes as [FakeNode, FakeNode];
    a.answer = (_req, _id, res) => tooMany(res, new Date(clock.t + 12_000).toUTCString()); // the HTTP-date form
    b.answer = (_req, _id, res) => tooMany(res, "60", 503);
    reset();
    const t = transport();
    const error = await t.call(status).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcRateLimitedError);
    expect((error as Error).message).toMatch(/^every node of this network is rate-limiting: next try in 12 s/);
    expect([a.requests, b.requests]).toEqual([1, 1]);
    // Both rest: the next read fails in the same words without a request.
    clock.t += 2_000;
    await expect(t.call(status)).rejects.toThrow(/^every node of this network is rate-limiting: next try in 10 s/);
    expect([a.requests, b.requests]).toEqual([1, 1]);
    // A's rest is over: it is asked again, and its answer ends the rest.
    clock.t += 10_000;
    a.answer = (_req, id, res) => ok(id, res, { from: "a" });
    expect(await t.call(status)).toMatchObject({ endpoint: a.url });
    expect([a.requests, b.requests]).toEqual([2, 1]);
  });

  it("rests an endpoint that keeps refusing longer each time", async () => {
    const [a, b] = nodes as [FakeNode, FakeNode];
    a.answer = (_req, _id, res) => tooMany(res, "1");
    b.answer = (_req, _id, res) => tooMany(res, "1");
    const t = transport();
    await expect(t.call(status)).rejects.toThrow(/next try in 1 s/);
    clock.t += 1_000;
    await expect(t.call(status)).rejects.toThrow(/next try in 4 s/);
    clock.t += 4_000;
    await expect(t.call(status)).rejects.toThrow(/next try in 8 s/);
  });
});

describe("a read that needs an index or an old height", () => {
  it("goes to the node that keeps the index, and asks it first from then on", async () => {
    const [a, b] = nodes as [FakeNode, FakeNode];
    a.answer = (req, id, res) => (req.method === "POST" ? rpcError(id, res, "transaction indexing is disabled") : res.end());
    b.answer = (_req, id, res) => ok(id, res, { txs: [], total_count: "0" });
    const t = transport();
    // A is preferred: it answered last.
    const statusFirst = a.answer;
    a.answer = (_req, id, res) => ok(id, res, {});
    await t.call(status);
    a.answer = statusFirst;
    reset();
    expect(await t.call(txSearch)).toMatchObject({ endpoint: b.url });
    expect(await t.call(txSearch)).toMatchObject({ endpoint: b.url });
    expect([a.requests, b.requests]).toEqual([1, 2]);
  });

  it("goes to a node that still keeps a pruned height", async () => {
    const [a, b] = nodes as [FakeNode, FakeNode];
    a.answer = (_req, id, res) => rpcError(id, res, "height 5 is not available, lowest height is 1200");
    b.answer = (_req, id, res) => ok(id, res, { block: { height: "5" } });
    expect(await transport().call({ route: "block", http: "POST", params: { height: "5" }, idempotent: true })).toMatchObject({ endpoint: b.url });
  });

  it("says which nodes were asked and what each said when none has it", async () => {
    const [a, b] = nodes as [FakeNode, FakeNode];
    a.answer = (_req, id, res) => rpcError(id, res, "transaction indexing is disabled");
    b.answer = (_req, id, res) => rpcError(id, res, "transaction indexing is disabled");
    const error = await transport().call(txSearch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcNotHeldError);
    expect((error as Error).message).toBe(
      `no node of this network has what this read needs; asked 2: ${a.url} said "Internal error: transaction indexing is disabled"; ${b.url} said "Internal error: transaction indexing is disabled"`,
    );
  });
});
