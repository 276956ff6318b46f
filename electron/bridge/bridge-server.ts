import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { BRIDGE_PROTOCOL, CallFrame, MAX_CALL_FRAME_BYTES, type ServerFrame } from "../../shared/bridge-protocol.js";
import type { Dispatcher } from "../services/dispatcher.js";
import type { EventHub } from "../services/event-hub.js";
import { createBridgeCredentials, type BridgeCredentials } from "./bridge-credentials.js";

export interface BridgeServerOptions {
  readonly dispatcher: Dispatcher;
  readonly events: EventHub;
  /** 0 (the default) picks a free port. The host is always 127.0.0.1. */
  readonly port?: number;
  /** The long-lived secret (bridge-credentials.ts); random per run when omitted. */
  readonly secret?: string;
  /** How long a browser tab's one-time ticket stays good unused. */
  readonly ticketTtlMs?: number;
  /** Browser origins allowed to connect (e.g. the Vite dev server's). */
  readonly allowedOrigins?: readonly string[];
  /** Clients without an Origin header (Node test harnesses). Browsers always send one. */
  readonly allowMissingOrigin?: boolean;
  /** Calls one connection may have running at once; more are refused, not queued. */
  readonly maxInFlight?: number;
}

export interface BridgeServer {
  readonly port: number;
  /** The long-lived secret, for clients in Node and for asking tickets. Never put it in a URL. */
  readonly secret: string;
  readonly url: string;
  /** `POST` here with `Authorization: Bearer <secret>` answers `{"ticket"}` (a harness in another process). */
  readonly ticketUrl: string;
  /** A one-time ticket for a browser tab's link. */
  issueTicket(): string;
  close(): Promise<void>;
}

/**
 * Serves the dispatcher over WebSocket on loopback for e2e tests, `npm run dev:web` and the
 * browser mode. Threats: other local users and web pages (a credential in the handshake's
 * subprotocols, never in a URL, and an Origin allowlist), oversized or malformed frames (size
 * limit, zod), call floods (in-flight cap).
 */
export async function startBridgeServer(options: BridgeServerOptions): Promise<BridgeServer> {
  const credentials = createBridgeCredentials({ secret: options.secret, ticketTtlMs: options.ticketTtlMs });
  const allowed = new Set(options.allowedOrigins ?? []);
  const maxInFlight = options.maxInFlight ?? 64;
  const ticketed = new WeakSet<IncomingMessage>();
  const http = createServer((req, res) => serveTicket(req, res, credentials));
  const wss = new WebSocketServer({
    server: http,
    maxPayload: MAX_CALL_FRAME_BYTES,
    perMessageDeflate: false, // compression bombs, and nothing to gain on loopback
    verifyClient: ({ req, origin }: { req: IncomingMessage; origin: string | undefined }) => {
      if (origin ? !allowed.has(origin) : options.allowMissingOrigin === false) return false;
      const offered = (req.headers["sec-websocket-protocol"] ?? "").split(",").map((p) => p.trim());
      if (!offered.includes(BRIDGE_PROTOCOL)) return false;
      const admitted = credentials.admit(offered);
      if (admitted === "ticket") ticketed.add(req);
      return admitted !== undefined;
    },
    // The credential was a subprotocol only to carry it; the connection speaks the bridge's.
    handleProtocols: () => BRIDGE_PROTOCOL,
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const stopEvents = options.events.listen((event, payload) => {
    const text = JSON.stringify({ type: "event", event, payload } satisfies ServerFrame);
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
  });
  wss.on("error", () => {}); // a failed handshake must not take the process down
  wss.on("connection", (socket, req) => {
    // A tab that spent its ticket gets a session secret of its own, for its reloads.
    if (ticketed.has(req)) socket.send(JSON.stringify({ type: "session", secret: credentials.newSession() } satisfies ServerFrame));
    serveConnection(socket, options.dispatcher, maxInFlight);
  });
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    secret: credentials.secret,
    url: `ws://127.0.0.1:${port}/`,
    ticketUrl: `http://127.0.0.1:${port}/ticket`,
    issueTicket: () => credentials.issueTicket(),
    close: () =>
      new Promise<void>((resolve) => {
        stopEvents();
        for (const client of wss.clients) client.terminate();
        wss.close(() => {
          http.closeAllConnections();
          http.close(() => resolve());
        });
      }),
  };
}

/** `POST /ticket` with the long-lived secret as a Bearer token; every other request is refused. */
function serveTicket(req: IncomingMessage, res: ServerResponse, credentials: BridgeCredentials): void {
  req.resume();
  const headers = { "content-type": "application/json", "cache-control": "no-store" };
  if (req.method !== "POST" || new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/ticket") {
    res.writeHead(404, headers).end('{"error":"not_found"}');
    return;
  }
  const auth = req.headers.authorization ?? "";
  if (!auth.startsWith("Bearer ") || !credentials.isSecret(auth.slice(7))) {
    res.writeHead(401, headers).end('{"error":"unauthorized"}');
    return;
  }
  res.writeHead(200, headers).end(JSON.stringify({ ticket: credentials.issueTicket() }));
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
    void dispatcher.dispatch(frame.method, frame.args, undefined, { background: frame.background === true }).then(reply).finally(() => inFlight--);
  });
}
