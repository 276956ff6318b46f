import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { CallFrame, MAX_CALL_FRAME_BYTES, type ServerFrame } from "../../shared/bridge-protocol.js";
import type { Dispatcher } from "../services/dispatcher.js";
import type { EventHub } from "../services/event-hub.js";

export interface BridgeServerOptions {
  readonly dispatcher: Dispatcher;
  readonly events: EventHub;
  /** 0 (the default) picks a free port. The host is always 127.0.0.1. */
  readonly port?: number;
  /** Required from every client as `?secret=`; random per run when omitted. */
  readonly secret?: string;
  /** Browser origins allowed to connect (e.g. the Vite dev server's). */
  readonly allowedOrigins?: readonly string[];
  /** Clients without an Origin header (Node test harnesses). Browsers always send one. */
  readonly allowMissingOrigin?: boolean;
  /** Calls one connection may have running at once; more are refused, not queued. */
  readonly maxInFlight?: number;
}

export interface BridgeServer {
  readonly port: number;
  readonly secret: string;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the dispatcher over WebSocket on loopback for e2e tests and `npm run dev:web`.
 * Threats: other local users and web pages (secret + Origin allowlist), oversized or malformed
 * frames (size limit, zod), call floods (in-flight cap).
 */
export async function startBridgeServer(options: BridgeServerOptions): Promise<BridgeServer> {
  const secret = options.secret ?? randomBytes(32).toString("hex");
  const allowed = new Set(options.allowedOrigins ?? []);
  const maxInFlight = options.maxInFlight ?? 64;
  const wss = new WebSocketServer({
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxPayload: MAX_CALL_FRAME_BYTES,
    perMessageDeflate: false, // compression bombs, and nothing to gain on loopback
    verifyClient: ({ req, origin }: { req: IncomingMessage; origin: string | undefined }) =>
      secretMatches(req, secret) && (origin ? allowed.has(origin) : options.allowMissingOrigin !== false),
  });
  await new Promise<void>((resolve, reject) => {
    wss.once("listening", resolve);
    wss.once("error", reject);
  });
  const stopEvents = options.events.listen((event, payload) => {
    const text = JSON.stringify({ type: "event", event, payload } satisfies ServerFrame);
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
  });
  wss.on("error", () => {}); // a failed handshake must not take the process down
  wss.on("connection", (socket) => serveConnection(socket, options.dispatcher, maxInFlight));
  const port = (wss.address() as AddressInfo).port;
  return {
    port,
    secret,
    url: `ws://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        stopEvents();
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

function serveConnection(socket: WebSocket, dispatcher: Dispatcher, maxInFlight: number): void {
  let inFlight = 0;
  // ws reports oversized or broken frames as an error event and closes; unhandled, it would crash main.
  socket.on("error", () => socket.terminate());
  socket.on("message", (data, isBinary) => {
    if (isBinary) return socket.close(1003, "text frames only");
    let frame: CallFrame;
    try {
      const parsed = CallFrame.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) return socket.close(1008, "malformed frame");
      frame = parsed.data;
    } catch {
      return socket.close(1007, "invalid JSON");
    }
    const reply = (result: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: "result", id: frame.id, result }));
    };
    if (inFlight >= maxInFlight) return reply({ ok: false, error: { code: "busy", message: "too many calls in flight" } });
    inFlight++;
    void dispatcher.dispatch(frame.method, frame.args).then(reply).finally(() => inFlight--);
  });
}

function secretMatches(req: IncomingMessage, secret: string): boolean {
  const given = new URL(req.url ?? "/", "http://127.0.0.1").searchParams.get("secret") ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
