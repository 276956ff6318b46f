import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { adoptBridge, connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";
import { openBridgeSocket } from "../../renderer/bridge/bridge-socket.js";
import { BRIDGE_PROTOCOL } from "../../shared/bridge-protocol.js";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import { createDispatcher } from "../services/dispatcher.js";
import { createEventHub } from "../services/event-hub.js";
import { readPriority } from "../services/rpc/read-priority.js";
import { recordingHandlers } from "../services/testing/recording-handlers.js";
import { type BridgeServer, startBridgeServer } from "./bridge-server.js";

const WS = WebSocket as unknown as WebSocketConstructor;
let server: BridgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(answer?: (method: string, args: unknown) => unknown) {
  const { handlers, calls } = recordingHandlers(answer);
  const events = createEventHub();
  server = await startBridgeServer({ dispatcher: createDispatcher(handlers), events, allowedOrigins: ["http://127.0.0.1:5173"] });
  return { server, calls, events };
}

const secretProtocol = (s: string) => [BRIDGE_PROTOCOL, `cometdesk.secret.${s}`];
const ticketProtocol = (t: string) => [BRIDGE_PROTOCOL, `cometdesk.ticket.${t}`];

/** Resolves with the HTTP status of a refused upgrade, or "open". */
function tryConnect(url: string, protocols: string[] = [], headers: Record<string, string> = {}): Promise<number | "open"> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.on("open", () => (ws.close(), resolve("open")));
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => resolve(0));
  });
}

/** The first frame a connection opened with `protocols` receives. */
function firstFrame(url: string, protocols: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    ws.on("message", (data) => (ws.close(), resolve(JSON.parse(data.toString()))));
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

describe("the WebSocket bridge", () => {
  it("listens on loopback only and answers calls through the dispatcher", async () => {
    const { server, calls } = await start(() => ({ pong: true }));
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/$/);
    const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WS });
    expect(await conn.api.app.ping()).toEqual({ ok: true, value: { pong: true } });
    expect(calls).toEqual([{ method: "app.ping", args: {} }]);
    conn.close();
  });

  it("runs a call the page marks as background at background priority, and every other call as the user's", async () => {
    const seen: string[] = [];
    const { server } = await start(() => (seen.push(readPriority()), { pong: true }));
    const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WS });
    expect(await conn.api.app.ping({}, { background: true })).toEqual({ ok: true, value: { pong: true } });
    expect(await conn.api.app.ping()).toEqual({ ok: true, value: { pong: true } });
    expect(await conn.api.app.ping({}, { background: false })).toEqual({ ok: true, value: { pong: true } });
    expect(seen).toEqual(["background", "user", "user"]);
    conn.close();
  });

  it("exposes the same method set as the contract", async () => {
    const { server } = await start();
    const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WS });
    const api = conn.api as unknown as Record<string, Record<string, unknown>>;
    expect(METHOD_NAMES.every((n) => typeof api[n.split(".")[0]!]![n.split(".")[1]!] === "function")).toBe(true);
    conn.close();
  });

  it("refuses connections without the secret, with a wrong one, or from a foreign origin", async () => {
    const { server } = await start();
    expect(await tryConnect(server.url)).toBe(401);
    expect(await tryConnect(server.url, secretProtocol("0".repeat(64)))).toBe(401);
    expect(await tryConnect(server.url, secretProtocol(server.secret), { origin: "https://evil.example" })).toBe(401);
    expect(await tryConnect(server.url, secretProtocol(server.secret), { origin: "http://127.0.0.1:5173" })).toBe("open");
  });

  it("never takes its secret from a URL, where history, logs and command lines would keep it", async () => {
    const { server } = await start();
    expect(await tryConnect(`${server.url}?secret=${server.secret}`)).toBe(401);
    expect(await tryConnect(`${server.url}?secret=${server.secret}`, [BRIDGE_PROTOCOL])).toBe(401);
  });

  it("admits a browser tab's ticket once, answering it with a session secret that reconnects the tab", async () => {
    const { server } = await start(() => ({ pong: true }));
    const ticket = server.issueTicket();
    const frame = (await firstFrame(server.url, ticketProtocol(ticket))) as { type: string; secret: string };
    expect(frame).toEqual({ type: "session", secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(frame.secret).not.toBe(server.secret);
    expect(await tryConnect(server.url, ticketProtocol(ticket))).toBe(401); // spent
    const conn = await connectBridge({ url: server.url, credential: { secret: frame.secret }, WebSocketImpl: WS });
    expect(await conn.api.app.ping()).toEqual({ ok: true, value: { pong: true } });
    conn.close();
    // The client waits for its session before it says it is connected.
    let session: string | undefined;
    const viaTicket = await connectBridge({ url: server.url, credential: { ticket: server.issueTicket() }, onSession: (s) => (session = s), WebSocketImpl: WS });
    expect(session).toMatch(/^[0-9a-f]{64}$/);
    viaTicket.close();
  });

  it("hands out tickets over http to whoever holds the secret, and to no one else", async () => {
    const { server } = await start();
    expect(server.ticketUrl).toBe(`http://127.0.0.1:${server.port}/ticket`);
    const ask = (authorization?: string, method = "POST") => fetch(server.ticketUrl, { method, headers: authorization ? { authorization } : {} });
    expect((await ask()).status).toBe(401);
    expect((await ask(`Bearer ${"0".repeat(64)}`)).status).toBe(401);
    expect((await ask(`Bearer ${server.secret}`, "GET")).status).toBe(404);
    const answer = await ask(`Bearer ${server.secret}`);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    const { ticket } = (await answer.json()) as { ticket: string };
    expect(await tryConnect(server.url, ticketProtocol(ticket))).toBe("open");
  });

  it("closes a connection that sends a malformed or oversized frame, without reaching a service", async () => {
    const { server, calls } = await start();
    const closeCode = (payload: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(server.url, secretProtocol(server.secret));
        ws.on("open", () => ws.send(payload));
        ws.on("error", () => {});
        ws.on("close", (code) => resolve(code));
      });
    expect(await closeCode("{not json")).toBe(1007);
    expect(await closeCode(JSON.stringify({ type: "call", id: "1", method: "app.ping" }))).toBe(1008);
    expect(await closeCode("x".repeat(2 << 20))).toBe(1009);
    expect(calls).toEqual([]);
  });

  it("pushes contract events to connected clients", async () => {
    const { server, events } = await start();
    const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WS });
    const seen = new Promise((resolve) => conn.api.on("wallet.lockChanged", resolve));
    await conn.api.app.ping(); // a round trip, so the connection is fully registered
    events.emit("wallet.lockChanged", { locked: true, reason: "idle" });
    expect(await seen).toEqual({ locked: true, reason: "idle" });
    conn.close();
  });

  it("refuses calls beyond the in-flight cap instead of queueing them", async () => {
    const { handlers } = recordingHandlers(() => new Promise(() => {}));
    server = await startBridgeServer({ dispatcher: createDispatcher(handlers), events: createEventHub(), maxInFlight: 2 });
    const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WS });
    void conn.api.app.ping();
    void conn.api.app.ping();
    expect(await conn.api.app.ping()).toMatchObject({ ok: false, error: { code: "busy" } });
    conn.close();
  });

  it("answers calls that were in flight when the connection closed", async () => {
    const { server } = await start(() => new Promise(() => {}));
    const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WS });
    const pending = conn.api.app.ping();
    conn.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: "bridge_closed" } });
  });
});

describe("a socket opened before its client (the first screen's early calls)", () => {
  const info = { version: "1.2.3", bridge: true };
  const answers = (method: string) => (method === "app.info" ? info : method === "app.ping" ? { pong: true } : {});
  /** Waits, a bounded number of times, until `calls` holds `n` calls. */
  async function untilCalls(calls: readonly unknown[], n: number) {
    for (let i = 0; i < 200 && calls.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(calls.length).toBe(n);
  }

  it("sends the early calls as the socket opens, before any client, and answers the first such call from them", async () => {
    const { server, calls } = await start(answers);
    const credential = { secret: server.secret };
    const opened = openBridgeSocket({ url: server.url, credential, early: ["app.info", "app.ping"], WebSocketImpl: WS });
    // Main is asked while no client exists yet.
    await untilCalls(calls, 2);
    expect(calls.map((c) => c.method)).toEqual(["app.info", "app.ping"]);
    await new Promise((r) => setTimeout(r, 50)); // the answers wait in the socket
    const { api, close } = await adoptBridge(opened, { credential });
    // Validated as every answer is, and not asked again.
    expect(await api.app.info({})).toEqual({ ok: true, value: info });
    expect(calls).toHaveLength(2);
    // Used once: the next call asks main.
    expect(await api.app.info({})).toEqual({ ok: true, value: info });
    expect(calls.map((c) => c.method)).toEqual(["app.info", "app.ping", "app.info"]);
    close();
  });

  it("never hands an early answer to a call with arguments", async () => {
    const { server, calls } = await start(answers);
    const credential = { secret: server.secret };
    const opened = openBridgeSocket({ url: server.url, credential, early: ["app.info"], WebSocketImpl: WS });
    const { api, close } = await adoptBridge(opened, { credential });
    await untilCalls(calls, 1);
    // Sent to main, which refuses arguments `app.info` does not take; never answered with what `{}` got.
    expect(await api.app.info({ extra: 1 } as unknown as Record<string, never>)).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    // The early answer is still there for the call it was made for.
    expect(await api.app.info({})).toEqual({ ok: true, value: info });
    expect(calls).toHaveLength(1);
    close();
  });

  it("drops the early answers once an event says main's state moved, and asks again", async () => {
    const { server, calls, events } = await start(answers);
    const credential = { secret: server.secret };
    const opened = openBridgeSocket({ url: server.url, credential, early: ["app.info"], WebSocketImpl: WS });
    await untilCalls(calls, 1); // the connection is registered: it receives events
    events.emit("wallet.lockChanged", { locked: true, reason: "idle" });
    const { api, close } = await adoptBridge(opened, { credential });
    // A round trip on the same socket, so the event (sent before its answer) has been read.
    await api.app.ping();
    expect(await api.app.info({})).toEqual({ ok: true, value: info });
    expect(calls.map((c) => c.method)).toEqual(["app.info", "app.ping", "app.info"]);
    close();
  });

  it("gives a call waiting for an early answer that never comes the same timeout as any call", async () => {
    const { server } = await start((method) => (method === "app.info" ? new Promise(() => {}) : {}));
    const credential = { secret: server.secret };
    const opened = openBridgeSocket({ url: server.url, credential, early: ["app.info"], WebSocketImpl: WS });
    const { api, close } = await adoptBridge(opened, { credential, callTimeoutMs: 100 });
    expect(await api.app.info({})).toMatchObject({ ok: false, error: { code: "bridge_timeout" } });
    close();
  });

  it("replays a refused connection to the client that adopts it later", async () => {
    const { server } = await start(answers);
    const credential = { secret: "0".repeat(64) };
    const opened = openBridgeSocket({ url: server.url, credential, early: ["app.info"], WebSocketImpl: WS });
    await new Promise((r) => setTimeout(r, 100)); // refused while no client exists
    await expect(adoptBridge(opened, { credential })).rejects.toThrow(/could not connect|closed/);
  });
});

