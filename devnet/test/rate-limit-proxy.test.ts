import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { MAX_BODY_BYTES, rateLimiter, type RateLimitProxy, startRateLimitProxy } from "./rate-limit-proxy.js";

/**
 * The proxy's own test. The upstream is a tiny echo server, not a fake node: what is under test is
 * that the proxy passes, refuses and counts, not anything a node answers.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Answers each request with what it received; `/teapot` answers 418, and `/websocket` echoes frames. */
async function echoUpstream(): Promise<string> {
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const echo = { method: req.method, url: req.url, host: req.headers.host, marker: req.headers["x-marker"], body: Buffer.concat(chunks).toString("utf8") };
    res.writeHead(req.url?.startsWith("/teapot") ? 418 : 200, { "content-type": "application/json", "x-upstream": "yes" }).end(JSON.stringify(echo));
  });
  const wss = new WebSocketServer({ server, path: "/websocket" });
  wss.on("connection", (ws) => ws.on("message", (data) => ws.send(`echo:${String(data)}`)));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanups.push(async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyFor(mode?: Parameters<typeof startRateLimitProxy>[1]): Promise<RateLimitProxy> {
  const proxy = await startRateLimitProxy(await echoUpstream(), mode);
  cleanups.push(() => proxy.close());
  return proxy;
}

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
const call = (method: string, id = 1) => ({ jsonrpc: "2.0", id, method, params: {} });

describe("the rate-limiting proxy", () => {
  it("passes GET and POST through with their status, headers and body, and counts them by route", async () => {
    const proxy = await proxyFor();
    const get = await fetch(`${proxy.url}/block?height=5`, { headers: { "x-marker": "m1" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("x-upstream")).toBe("yes");
    expect(await get.json()).toMatchObject({ method: "GET", url: "/block?height=5", marker: "m1", body: "" });

    const teapot = await fetch(`${proxy.url}/teapot`);
    expect(teapot.status).toBe(418);
    await teapot.body?.cancel();

    const answer = await post(proxy.url, call("status"));
    expect(answer.status).toBe(200);
    const echoed = (await answer.json()) as { method: string; url: string; host: string; body: string };
    expect(echoed).toMatchObject({ method: "POST", url: "/" });
    expect(echoed.host).not.toBe(new URL(proxy.url).host);
    expect(JSON.parse(echoed.body)).toEqual(call("status"));

    // A body that is not JSON still goes through as it was.
    expect(await (await post(proxy.url, "{not json")).json()).toMatchObject({ body: "{not json" });
    expect(proxy.stats()).toEqual({ requests: 4, refused: 0, passed: 4, batchItems: 0, websockets: 0, byRoute: { block: 1, teapot: 1, status: 1, "": 1 } });
  });

  it("in share mode refuses exactly one request in three, with 429, Retry-After and a JSON body", async () => {
    const proxy = await proxyFor({ kind: "share", every: 3, retryAfterSeconds: 7 });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${proxy.url}/status`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("retry-after")).toBe("7");
        expect(await res.json()).toEqual({ error: "rate limited" });
      } else await res.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429, 200, 200, 429]);
    expect(proxy.stats()).toMatchObject({ requests: 9, refused: 3, passed: 6, byRoute: { status: 9 } });

    // A refused POST had its body read: the connection serves the next request.
    proxy.reset();
    proxy.setMode({ kind: "share", every: 1, retryAfterSeconds: 2 });
    expect((await post(proxy.url, { big: "x".repeat(100_000) })).status).toBe(429);
    proxy.setMode({ kind: "pass" });
    expect((await post(proxy.url, call("health"))).status).toBe(200);
  });

  it("in rate mode lets about N of a burst of 3N through and refuses the rest with Retry-After", async () => {
    const perSecond = 5;
    const proxy = await proxyFor({ kind: "pass" });
    proxy.setMode({ kind: "rate", perSecond });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 3 * perSecond }, () => fetch(`${proxy.url}/status`)));
    const elapsedSeconds = (performance.now() - started) / 1000;
    for (const res of answers) await res.body?.cancel();
    const refused = answers.filter((r) => r.status === 429);
    const passed = answers.length - refused.length;
    // The bucket starts full and refills at perSecond: no more than that got through in the time the burst took.
    expect(passed).toBeGreaterThanOrEqual(perSecond);
    expect(passed).toBeLessThanOrEqual(perSecond + Math.floor(elapsedSeconds * perSecond));
    for (const res of refused) expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(proxy.stats()).toMatchObject({ requests: 3 * perSecond, passed, refused: refused.length });
  });

  it("computes a token bucket's Retry-After as the wait for the next token", () => {
    let now = 0;
    const limit = rateLimiter({ kind: "rate", perSecond: 0.25 }, () => now);
    expect(limit()).toEqual({ refuse: false }); // the bucket holds one token even below one per second
    expect(limit()).toEqual({ refuse: true, retryAfterSeconds: 4 });
    now = 4_000;
    expect(limit()).toEqual({ refuse: false });
    const fast = rateLimiter({ kind: "rate", perSecond: 2 }, () => now);
    expect([fast(), fast()]).toEqual([{ refuse: false }, { refuse: false }]);
    expect(fast()).toEqual({ refuse: true, retryAfterSeconds: 1 });
    now += 500;
    expect(fast()).toEqual({ refuse: false });
    const fixed = rateLimiter({ kind: "rate", perSecond: 1, retryAfterSeconds: 30 }, () => now);
    expect([fixed(), fixed()]).toEqual([{ refuse: false }, { refuse: true, retryAfterSeconds: 30 }]);
    expect(() => rateLimiter({ kind: "share", every: 0, retryAfterSeconds: 1 })).toThrow(RangeError);
  });

  it("counts a JSON-RPC batch as one request, with its items and each item's method", async () => {
    const proxy = await proxyFor({ kind: "share", every: 2, retryAfterSeconds: 1 });
    const batch = [call("status", 1), call("block", 2), call("block", 3)];
    const answer = await post(proxy.url, batch);
    expect(answer.status).toBe(200);
    expect(JSON.parse(((await answer.json()) as { body: string }).body)).toEqual(batch);
    expect((await post(proxy.url, batch)).status).toBe(429); // the batch is the second request, not the fourth item
    expect(proxy.stats()).toEqual({ requests: 2, refused: 1, passed: 1, batchItems: 6, websockets: 0, byRoute: { status: 2, block: 4 } });
  });

  it("answers 413 to a body above the cap without passing it on", async () => {
    const proxy = await proxyFor();
    const res = await post(proxy.url, "x".repeat(MAX_BODY_BYTES + 1));
    expect(res.status).toBe(413);
    await res.body?.cancel();
    expect(proxy.stats()).toMatchObject({ requests: 1, passed: 0, refused: 0 });
  });

  it("pipes a websocket upgrade to the node, unlimited but counted, and refuses it when told to", async () => {
    const proxy = await proxyFor({ kind: "share", every: 1, retryAfterSeconds: 1 });
    const wsUrl = `${proxy.url.replace("http:", "ws:")}/websocket`;
    const ws = new WebSocket(wsUrl);
    await new Promise<void>((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const reply = new Promise<string>((resolve) => ws.once("message", (data) => resolve(String(data))));
    ws.send("hello");
    expect(await reply).toBe("echo:hello");
    const closed = new Promise((r) => ws.once("close", r));
    ws.close();
    await closed;

    proxy.refuseWebsockets(true);
    const refused = new WebSocket(wsUrl);
    const outcome = await new Promise<string>((resolve) => {
      refused.once("error", (error) => resolve(error.message));
      refused.once("open", () => resolve("opened"));
    });
    expect(outcome).toBe("Unexpected server response: 403");
    expect(proxy.stats()).toMatchObject({ websockets: 2, requests: 0, refused: 0 });
  });

  it("ends open websockets and connections on close", async () => {
    const proxy = await startRateLimitProxy(await echoUpstream());
    const ws = new WebSocket(`${proxy.url.replace("http:", "ws:")}/websocket`);
    await new Promise<void>((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const closed = new Promise((r) => ws.once("close", r));
    await proxy.close();
    await closed;
    await expect(fetch(`${proxy.url}/status`)).rejects.toThrow();
  });
});
