import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import { createDispatcher } from "../services/dispatcher.js";
import { createEventHub } from "../services/event-hub.js";
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

/** Resolves with the HTTP status of a refused upgrade, or "open". */
function tryConnect(url: string, headers: Record<string, string> = {}): Promise<number | "open"> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on("open", () => (ws.close(), resolve("open")));
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => resolve(0));
  });
}

describe("the WebSocket bridge", () => {
  it("listens on loopback only and answers calls through the dispatcher", async () => {
    const { server, calls } = await start(() => ({ pong: true }));
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/$/);
    const conn = await connectBridge({ url: server.url, secret: server.secret, WebSocketImpl: WS });
    expect(await conn.api.app.ping()).toEqual({ ok: true, value: { pong: true } });
    expect(calls).toEqual([{ method: "app.ping", args: {} }]);
    conn.close();
  });

  it("exposes the same method set as the contract", async () => {
    const { server } = await start();
    const conn = await connectBridge({ url: server.url, secret: server.secret, WebSocketImpl: WS });
    const api = conn.api as unknown as Record<string, Record<string, unknown>>;
    expect(METHOD_NAMES.every((n) => typeof api[n.split(".")[0]!]![n.split(".")[1]!] === "function")).toBe(true);
    conn.close();
  });

  it("refuses connections without the secret, with a wrong one, or from a foreign origin", async () => {
    const { server } = await start();
    expect(await tryConnect(server.url)).toBe(401);
    expect(await tryConnect(`${server.url}?secret=${"0".repeat(64)}`)).toBe(401);
    expect(await tryConnect(`${server.url}?secret=${server.secret}`, { origin: "https://evil.example" })).toBe(401);
    expect(await tryConnect(`${server.url}?secret=${server.secret}`, { origin: "http://127.0.0.1:5173" })).toBe("open");
  });

  it("closes a connection that sends a malformed or oversized frame, without reaching a service", async () => {
    const { server, calls } = await start();
    const closeCode = (payload: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${server.url}?secret=${server.secret}`);
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
    const conn = await connectBridge({ url: server.url, secret: server.secret, WebSocketImpl: WS });
    const seen = new Promise((resolve) => conn.api.on("wallet.lockChanged", resolve));
    await conn.api.app.ping(); // a round trip, so the connection is fully registered
    events.emit("wallet.lockChanged", { locked: true, reason: "idle" });
    expect(await seen).toEqual({ locked: true, reason: "idle" });
    conn.close();
  });

  it("refuses calls beyond the in-flight cap instead of queueing them", async () => {
    const { handlers } = recordingHandlers(() => new Promise(() => {}));
    server = await startBridgeServer({ dispatcher: createDispatcher(handlers), events: createEventHub(), maxInFlight: 2 });
    const conn = await connectBridge({ url: server.url, secret: server.secret, WebSocketImpl: WS });
    void conn.api.app.ping();
    void conn.api.app.ping();
    expect(await conn.api.app.ping()).toMatchObject({ ok: false, error: { code: "busy" } });
    conn.close();
  });

  it("answers calls that were in flight when the connection closed", async () => {
    const { server } = await start(() => new Promise(() => {}));
    const conn = await connectBridge({ url: server.url, secret: server.secret, WebSocketImpl: WS });
    const pending = conn.api.app.ping();
    conn.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: "bridge_closed" } });
  });
});
