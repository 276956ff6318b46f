import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RpcError, RpcResponseError, RpcTimeoutError, RpcUnreachableError } from "./rpc-errors.js";
import { createRequestBudgets } from "../../../shared/net/request-budget.js";
import { createRpcTransport, type RpcEndpoint } from "./rpc-transport.js";

/** A hostile node on loopback: each test decides how it answers. */
let handle: (req: IncomingMessage, body: string, res: ServerResponse) => void;
let requests = 0;
let server: Server;
let url: string;
let deadUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => handle(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dead = createServer();
  await new Promise<void>((r) => dead.listen(0, "127.0.0.1", r));
  deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
  await new Promise((r) => dead.close(r)); // a port that refuses connections
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => (requests = 0));

const echoId = (body: string) => (JSON.parse(body) as { id: number }).id;
const answer = (res: ServerResponse, value: unknown, status = 200) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
const transport = (endpoints: RpcEndpoint[], extra: object = {}) => createRpcTransport({ endpoints: () => endpoints, backoffMs: 1, budgets: createRequestBudgets(), ...extra });
const status = { route: "status", http: "POST" as const, params: {}, idempotent: true };

describe("the RPC transport against a hostile node", () => {
  it("fails over from a dead endpoint to a live one and records why", async () => {
    handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body), result: { ok: 1 } });
    const t = transport([{ url: deadUrl, kind: "node" }, { url, kind: "node" }]);
    expect(await t.call(status)).toMatchObject({ result: { ok: 1 }, endpoint: url });
    expect(t.lastFailover()).toMatchObject({ from: deadUrl, reason: "connection refused: nothing is listening at that address and port (ECONNREFUSED)" });
    requests = 0;
    expect(await t.call(status)).toMatchObject({ endpoint: url });
    expect(requests).toBe(1); // the live endpoint is now tried first
    const t2 = transport([{ url, kind: "node" }, { url: deadUrl, kind: "node" }]);
    await t2.call(status);
    expect(t2.lastFailover()).toBeUndefined();
  });

  it("says which endpoints failed and why when none answers", async () => {
    const error = await transport([{ url: deadUrl, kind: "node" }]).call(status).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnreachableError);
    expect((error as RpcUnreachableError).attempts).toHaveLength(3);
    expect((error as Error).message).toContain("ECONNREFUSED");
  });

  it("gives up on a silent node after the timeout, as a distinct error", async () => {
    handle = () => {}; // never answers
    const error = await transport([{ url, kind: "node" }], { timeoutMs: 100, retries: 0 }).call(status).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcTimeoutError);
  });

  it("asks a silent node once, not again for each retry: its silence already lasted a whole timeout", async () => {
    handle = () => {}; // never answers
    await expect(transport([{ url, kind: "node" }], { timeoutMs: 100, retries: 2 }).call(status)).rejects.toBeInstanceOf(RpcTimeoutError);
    expect(requests).toBe(1);
  });

  it("asks the next node beside one that has not begun to answer, takes the first answer, and drops the silent request", async () => {
    // A node that accepts the request and never answers, as behind a firewall that drops packets.
    let silentClosed!: () => void;
    const closed = new Promise<void>((r) => (silentClosed = r));
    const silent = createServer((req) => req.on("close", silentClosed));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body), result: { ok: 2 } });
      // Without asking beside it, the call would wait out the silent node's minute.
      const t = transport([{ url: silentUrl, kind: "node" }, { url, kind: "node" }], { timeoutMs: 60_000, hedgeMs: 50 });
      expect(await t.call(status)).toMatchObject({ result: { ok: 2 }, endpoint: url });
      expect(t.lastFailover()).toMatchObject({ from: silentUrl, reason: expect.stringContaining(`${url} answered first`) });
      await closed; // the silent node's request was abandoned, not left open for its timeout
      requests = 0;
      await t.call(status);
      expect(requests).toBe(1); // the node that answered goes first now
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });

  it("waits for a node that has begun to answer, however long its body takes, without asking another", async () => {
    const other = createServer((_req, res) => res.writeHead(500).end());
    let otherRequests = 0;
    other.on("request", () => otherRequests++);
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    try {
      handle = (_req, body, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(`{"jsonrpc":"2.0","id":${echoId(body)},`);
        // The body ends long after the hedge would have started another node.
        setTimeout(() => res.end('"result":{"ok":3}}'), 2_000);
      };
      // The hedge leaves room for the headers to arrive with both cores busy: what is proven is that the slow body is waited for.
      const t = transport([{ url, kind: "node" }, { url: `http://127.0.0.1:${(other.address() as AddressInfo).port}`, kind: "node" }], { hedgeMs: 400 });
      expect(await t.call(status)).toMatchObject({ result: { ok: 3 }, endpoint: url });
      expect(otherRequests).toBe(0);
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it("reaches a node by its name, through the process's shared connections and cached name lookups", async () => {
    handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body), result: { ok: 4 } });
    const byName = url.replace("127.0.0.1", "localhost");
    const t = transport([{ url: byName, kind: "node" }]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.call(status)));
    for (const a of answers) expect(a).toMatchObject({ result: { ok: 4 }, endpoint: byName });
  });

  it("abandons a huge body mid-stream", async () => {
    let wrote = 0;
    handle = (_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (wrote < 256 << 20 && res.write(chunk)) wrote += chunk.length;
        if (wrote < 256 << 20 && !res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => (wrote = -wrote));
      pump();
    };
    const error = await transport([{ url, kind: "node" }], { maxBytes: 1 << 20 }).call(status).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "rpc_too_large" });
    await new Promise((r) => setTimeout(r, 50));
    expect(Math.abs(wrote)).toBeLessThan(64 << 20); // the server was cut off long before 256 MiB
  });

  it("takes a full 16 MiB genesis chunk, whose answer is larger than the general cap", async () => {
    const data = Buffer.alloc(16 << 20, 7).toString("base64");
    handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body), result: { chunk: "0", total: "1", data } });
    const t = transport([{ url, kind: "node" }]);
    const chunk = (await t.call({ route: "genesis_chunked", http: "POST", params: { chunk: "0" }, idempotent: true })).result as { data: string };
    expect(chunk.data.length).toBe(data.length);
    // Any other route with an answer that size is still refused.
    await expect(t.call(status)).rejects.toMatchObject({ code: "rpc_too_large" });
  });

  it("refuses deeply nested JSON, a wrong id, and non-JSON-RPC answers", async () => {
    const t = transport([{ url, kind: "node" }]);
    handle = (_req, body, res) => res.end(`{"jsonrpc":"2.0","id":${echoId(body)},"result":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    await expect(t.call(status)).rejects.toBeInstanceOf(RpcResponseError);
    handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body) + 1, result: {} });
    await expect(t.call(status)).rejects.toThrow(/id does not match/);
    handle = (_req, _body, res) => res.end("<html>hello</html>");
    await expect(t.call(status)).rejects.toThrow(/not JSON/);
  });

  it("passes the node's JSON-RPC error on as RpcError with code and data", async () => {
    handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body), error: { code: -32603, message: "Internal error", data: "height 9 must be less than or equal to 5" } }, 500);
    const error = await transport([{ url, kind: "node" }]).call(status).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ rpcCode: -32603, data: "height 9 must be less than or equal to 5" });
    expect(requests).toBe(1); // a node that answered is not asked again
  });

  it("says a height the node refuses as what it means, with its own code", async () => {
    const refuse = (data: string) => (handle = (_req, body, res) => answer(res, { jsonrpc: "2.0", id: echoId(body), error: { code: -32603, message: "Internal error", data } }, 500));
    refuse("height 999999 must be less than or equal to the current blockchain height 226");
    const ahead = await transport([{ url, kind: "node" }]).call(status).catch((e: unknown) => e);
    expect(ahead).toBeInstanceOf(RpcError);
    expect(ahead).toMatchObject({ code: "rpc_height_ahead", message: "height 999999 is not on the chain yet: the node's newest block is 226", rpcCode: -32603 });
    refuse("height 5 is not available, lowest height is 1200");
    const pruned = await transport([{ url, kind: "node" }]).call(status).catch((e: unknown) => e);
    expect(pruned).toMatchObject({ code: "rpc_height_pruned", message: expect.stringMatching(/^height 5 is no longer kept by this node: its oldest block is 1200/) });
    // Anything else the node says, even about heights, stays its own words under rpc_error.
    refuse("height must be greater than 0, but got -1");
    expect(await transport([{ url, kind: "node" }]).call(status).catch((e: unknown) => e)).toMatchObject({ code: "rpc_error", message: "Internal error: height must be greater than 0, but got -1" });
    refuse("height 9 must be less than or equal to the current blockchain height 5; and more");
    expect(await transport([{ url, kind: "node" }]).call(status).catch((e: unknown) => e)).toMatchObject({ code: "rpc_error" });
  });

  it("retries reads with backoff but never a broadcast", async () => {
    handle = (_req, _body, res) => answer(res, { error: "down" }, 503);
    await expect(transport([{ url, kind: "node" }]).call(status)).rejects.toBeInstanceOf(RpcUnreachableError);
    expect(requests).toBe(3);
    requests = 0;
    const broadcast = { route: "broadcast_tx_sync", http: "POST" as const, params: { tx: "AA==" }, idempotent: false };
    await expect(transport([{ url, kind: "node" }, { url, kind: "node" }]).call(broadcast)).rejects.toBeInstanceOf(RpcUnreachableError);
    expect(requests).toBe(1);
  });

  it("reports the access service's rate limit with its Retry-After when the wait is longer than the read may wait", async () => {
    handle = (_req, _body, res) => res.writeHead(429, { "retry-after": "2", "content-type": "application/json" }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"rate limited"}}');
    await expect(transport([{ url, kind: "access" }], { budgets: createRequestBudgets(), maxWaitMs: () => 1_000 }).call(status)).rejects.toMatchObject({ code: "rpc_rate_limited", retryAfter: 2 });
    expect(requests).toBe(1);
  });

  it("sends the URI form by GET, and the access service's token as a bearer header", async () => {
    let seen: IncomingMessage | undefined;
    handle = (req, _body, res) => ((seen = req), answer(res, { jsonrpc: "2.0", id: -1, result: {} }));
    const t = transport([{ url, kind: "access", headers: async () => ({ authorization: "Bearer t0ken" }) }]);
    await t.call({ route: "abci_query", http: "GET", params: { path: '"/app/version"' }, idempotent: true });
    expect(seen?.url).toBe("/rpc/abci_query?path=%22%2Fapp%2Fversion%22");
    expect(seen?.headers.authorization).toBe("Bearer t0ken");
  });
});
