import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createServer } from "./app.js";
import { loadChainContext } from "./lib/chain-context.js";
import { ConfigSchema } from "./lib/config.js";
import { NodeClient } from "./lib/node-client.js";
import { RpcProxy } from "./lib/rpc-proxy.js";
import { Transactions } from "./lib/transactions.js";
import { call, startTestService, type TestService } from "./test/access-client.js";
import { createTestStorage, openTestBackend } from "./test/test-storage.js";

/** The RPC pass-through, rate limits and CORS, against the real node. */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService(info, { corsOrigins: ["http://app.example"] });
});
afterAll(async () => {
  await svc?.dispose();
});

/** The app in front of `nodeUrl`, with chain facts learned from the real devnet. */
async function appFor(nodeUrl: string, timeoutMs: number, maxBytes = 1024 * 1024, streamAbove?: number) {
  const storage = await createTestStorage();
  const config = ConfigSchema.parse({ node: nodeUrl, dataDir: storage.dataDir, store: storage.store, rpcTimeoutMs: timeoutMs });
  const chain = await loadChainContext(new NodeClient(rpc, 5_000), config);
  const backend = await openTestBackend(storage);
  const { store, tokens, limiter } = backend;
  const { token } = await tokens.create("t");
  const node = new NodeClient(nodeUrl, timeoutMs);
  const proxy = new RpcProxy(nodeUrl, timeoutMs, maxBytes, streamAbove);
  const app = await createServer({ config, chain, transactions: new Transactions(chain, node, store, 0), store, tokens, limiter, proxy, logger: pino({ level: "silent" }) });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url,
    token,
    async close() {
      await app.close();
      proxy.close();
      await backend.close();
      await storage.dispose();
    },
  };
}

describe("GET /rpc/{route}", () => {
  it("answers exactly what the node answers", async () => {
    const direct = (await (await fetch(`${rpc}/block?height=1`)).json()) as { result: unknown };
    const through = await call<{ result: unknown }>(svc.url, svc.token, "GET", "/rpc/block?height=1");
    expect(through.status).toBe(200);
    expect(through.headers.get("content-type")).toMatch(/^application\/json/);
    expect(through.body.result).toEqual(direct.result);
    const abci = await call<{ result: { response: { value: string } } }>(svc.url, svc.token, "GET", '/rpc/abci_query?path="/app/version"');
    expect(abci.status).toBe(200);
    expect(abci.body.result.response).toBeDefined();
  });

  it("passes the node's error for bad parameters as a 400 with its JSON-RPC body", async () => {
    const answer = await call<{ error: { data: string } }>(svc.url, svc.token, "GET", "/rpc/block?height=999999999");
    expect(answer.status).toBe(400);
    expect(answer.body.error.data).toMatch(/must be less than or equal to/);
  });

  it.each(["unsafe_flush_mempool", "dial_seeds", "dial_peers", "subscribe", "no_such_route"])("refuses %s with -32601", async (route) => {
    const answer = await call<{ error: { code: number } }>(svc.url, svc.token, "GET", `/rpc/${route}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe(-32601);
  });

  it("needs the token like every other route", async () => {
    expect((await call(svc.url, undefined, "GET", "/rpc/status")).status).toBe(401);
  });
});

describe("big answers", () => {
  it("streams an answer above the buffer byte for byte", async () => {
    const direct = Buffer.from(await (await fetch(`${rpc}/genesis`)).arrayBuffer());
    expect(direct.length).toBeGreaterThan(2048);
    const app = await appFor(rpc, 5_000, 1024 * 1024, 1024);
    try {
      const response = await fetch(`${app.url}/rpc/genesis`, { headers: { authorization: `Bearer ${app.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const through = Buffer.from(await response.arrayBuffer());
      expect(JSON.parse(through.toString()).result).toEqual(JSON.parse(direct.toString()).result);
    } finally {
      await app.close();
    }
  });

  it("cuts off an answer above the cap instead of holding it in memory", async () => {
    const app = await appFor(rpc, 5_000, 2048, 1024);
    try {
      // A cap passed in the first bytes is a clean 502; passed after streaming began, the
      // connection is reset. Never a 200 with a truncated body.
      const outcome = await fetch(`${app.url}/rpc/genesis`, { headers: { authorization: `Bearer ${app.token}` } }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        () => "reset" as const,
      ).catch(() => "reset" as const);
      if (outcome !== "reset") {
        expect(outcome.status).toBe(502);
        expect(JSON.parse(outcome.text).error.data).toMatch(/2048-byte cap/);
      }
      const small = await fetch(`${app.url}/rpc/health`, { headers: { authorization: `Bearer ${app.token}` } });
      expect(small.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("POST /rpc", () => {
  it("forwards a single call", async () => {
    const answer = await call<{ id: number; result: { node_info: { network: string } } }>(svc.url, svc.token, "POST", "/rpc", { jsonrpc: "2.0", id: 7, method: "status", params: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 7, result: { node_info: { network: info.chainId } } });
  });

  it("answers a batch in order, refusing only the unsafe item", async () => {
    const answer = await call<{ id: number; result?: unknown; error?: { code: number } }[]>(svc.url, svc.token, "POST", "/rpc", [
      { jsonrpc: "2.0", id: 1, method: "health", params: {} },
      { jsonrpc: "2.0", id: 2, method: "unsafe_flush_mempool", params: {} },
      { jsonrpc: "2.0", id: 3, method: "block", params: { height: "1" } },
      { id: 4 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(answer.body[0]!.result).toBeDefined();
    expect(answer.body[1]!.error?.code).toBe(-32601);
    expect(answer.body[2]!.result).toBeDefined();
    expect(answer.body[3]!.error?.code).toBe(-32600);
  });

  it("refuses params nested 30,000 deep with a 400, single or in a batch, and keeps serving", async () => {
    const deep = `${"[".repeat(30_000)}${"]".repeat(30_000)}`;
    const single = `{"jsonrpc":"2.0","id":1,"method":"block","params":{"height":${deep}}}`;
    expect(single.length).toBeLessThan(64 * 1024);
    for (const body of [single, `[${single}]`]) {
      const answer = await call<{ error: { code: string } }>(svc.url, svc.token, "POST", "/rpc", body);
      expect([answer.status, answer.body.error.code]).toEqual([400, "json_too_deep"]);
    }
    expect((await call(svc.url, svc.token, "POST", "/rpc", { jsonrpc: "2.0", id: 2, method: "health", params: {} })).status).toBe(200);
  });

  it("refuses an unsafe single call and an invalid request", async () => {
    const unsafe = await call<{ error: { code: number } }>(svc.url, svc.token, "POST", "/rpc", { jsonrpc: "2.0", id: 1, method: "dial_peers", params: { peers: [] } });
    expect([unsafe.status, unsafe.body.error.code]).toEqual([404, -32601]);
    const invalid = await call<{ error: { code: number } }>(svc.url, svc.token, "POST", "/rpc", { method: "status" });
    expect([invalid.status, invalid.body.error.code]).toEqual([400, -32600]);
    const empty = await call<{ error: { code: number } }>(svc.url, svc.token, "POST", "/rpc", []);
    expect(empty.body.error.code).toBe(-32600);
  });
});

describe("a node that is down or slow", () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let silentUrl: string;
  let deadUrl: string;

  beforeAll(async () => {
    // A listener that accepts connections and never answers: the shape of a hung node.
    silent = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    // A port that was free a moment ago and has nothing listening: the shape of a stopped node.
    const probe = createTcpServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    deadUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it("answers 502 with a JSON-RPC error when the node is down", async () => {
    const app = await appFor(deadUrl, 2_000);
    try {
      const get = await call<{ error: { code: number; data: string } }>(app.url, app.token, "GET", "/rpc/status");
      expect(get.status).toBe(502);
      expect(get.body.error.data).toMatch(/cannot be reached/);
      const post = await call<{ error: { code: number } }>(app.url, app.token, "POST", "/rpc", { jsonrpc: "2.0", id: 1, method: "status" });
      expect(post.status).toBe(502);
      const rest = await call(app.url, app.token, "POST", "/transactions/sign-doc", { from: info.accounts[0]!.address, to: info.accounts[1]!.address, amount: "1" });
      expect(rest).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    } finally {
      await app.close();
    }
  });

  it("answers 504 within its deadline when the node hangs", async () => {
    const app = await appFor(silentUrl, 300);
    try {
      const started = Date.now();
      const get = await call<{ error: { code: number; data: string } }>(app.url, app.token, "GET", "/rpc/status");
      expect(get.status).toBe(504);
      expect(get.body.error.data).toMatch(/did not answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
      const rest = await call(app.url, app.token, "GET", `/accounts/${info.accounts[0]!.address}`);
      expect(rest).toMatchObject({ status: 504, body: { error: { code: "upstream_timeout" } } });
    } finally {
      await app.close();
    }
  });
});

describe("limits and CORS", () => {
  it("rate-limits per token with 429 and Retry-After", async () => {
    const limited = await startTestService(info, { rateLimit: 1, rateBurst: 3 });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 6; i++) {
        const answer = await call(limited.url, limited.token, "GET", "/info");
        statuses.push(answer.status);
        if (answer.status === 429) {
          retryAfter = answer.headers.get("retry-after");
          expect(answer.body).toMatchObject({ error: { code: "rate_limited" } });
        }
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      // Unauthenticated attempts are limited per address, so guessing tokens is throttled too.
      const guesses: number[] = [];
      for (let i = 0; i < 6; i++) guesses.push((await call(limited.url, `cdt_guess${i}`, "GET", "/info")).status);
      expect(guesses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(guesses).toContain(429);
      // Another token has its own bucket.
      const other = (await limited.tokens.create("other")).token;
      limited.tokens.reload();
      expect((await call(limited.url, other, "GET", "/info")).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });

  it("answers a preflight from an allowed origin, and not from another", async () => {
    const preflight = (origin: string) =>
      fetch(`${svc.url}/transactions`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" } });
    const allowed = await preflight("http://app.example");
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://app.example");
    const refused = await preflight("http://evil.example");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("serves its OpenAPI document behind the token", async () => {
    const doc = await call<{ openapi: string; paths: Record<string, unknown> }>(svc.url, svc.token, "GET", "/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toContain("/transactions");
  });
});
