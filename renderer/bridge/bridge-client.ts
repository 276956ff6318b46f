import { type CometdeskApi, createCometdeskApi } from "../../shared/api.js";
import { BRIDGE_PROTOCOL, MAX_ANSWER_FRAME_BYTES, SECRET_PROTOCOL_PREFIX, ServerFrame, TICKET_PROTOCOL_PREFIX } from "../../shared/bridge-protocol.js";
import type { MethodName } from "../../shared/contract/index.js";
import type { EventName } from "../../shared/events.js";

/** The part of the browser's WebSocket the client uses (also met by the `ws` package in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface BridgeOptions {
  /** ws://127.0.0.1:<port>/ as printed by `npm run bridge`. */
  readonly url: string;
  /**
   * The credential (shared/bridge-protocol.ts), sent as a subprotocol, never in the URL: the
   * bridge's secret or a tab's session secret, or a one-time ticket from the page's link.
   */
  readonly credential: { readonly secret: string } | { readonly ticket: string };
  /** Called with the session secret the bridge gives in exchange for a ticket. */
  readonly onSession?: (secret: string) => void;
  /** Defaults to the browser's WebSocket. */
  readonly WebSocketImpl?: WebSocketConstructor;
  /** A call that gets no answer within this resolves to `{ok:false, code:"bridge_timeout"}`. */
  readonly callTimeoutMs?: number;
}

export interface BridgeConnection {
  /** The same shape as preload's `window.cometdesk`. */
  readonly api: CometdeskApi;
  close(): void;
}

const OPEN = 1;

/** Connects to the bridge server and builds `window.cometdesk` over it (protocol: shared/bridge-protocol.ts). */
export function connectBridge(options: BridgeOptions): Promise<BridgeConnection> {
  const Impl = options.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!Impl) return Promise.reject(new Error("no WebSocket implementation"));
  const { credential } = options;
  const proof = "ticket" in credential ? `${TICKET_PROTOCOL_PREFIX}${credential.ticket}` : `${SECRET_PROTOCOL_PREFIX}${credential.secret}`;
  const socket = new Impl(options.url, [BRIDGE_PROTOCOL, proof]);
  // With a ticket, the connection is ready once the session secret that replaces it arrived.
  let sessionArrived: () => void = () => {};
  const session = "ticket" in credential ? new Promise<void>((resolve) => (sessionArrived = resolve)) : Promise.resolve();
  const pending = new Map<number, (answer: unknown) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  const settleAll = (code: string, message: string) => {
    for (const resolve of pending.values()) resolve({ ok: false, error: { code, message } });
    pending.clear();
  };

  socket.onmessage = ({ data }) => {
    if (typeof data !== "string" || data.length > MAX_ANSWER_FRAME_BYTES) return;
    let frame: ServerFrame;
    try {
      const parsed = ServerFrame.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      frame = parsed.data;
    } catch {
      return;
    }
    if (frame.type === "session") {
      options.onSession?.(frame.secret);
      sessionArrived();
    } else if (frame.type === "result") {
      pending.get(frame.id)?.(frame.result);
      pending.delete(frame.id);
    } else {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  };

  const invoke = (method: MethodName, args: unknown): Promise<unknown> =>
    new Promise((resolve) => {
      if (socket.readyState !== OPEN) return resolve({ ok: false, error: { code: "bridge_closed", message: "the bridge is not connected" } });
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ ok: false, error: { code: "bridge_timeout", message: `${method} got no answer in time` } });
      }, options.callTimeoutMs ?? 120_000);
      pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.send(JSON.stringify({ type: "call", id, method, args }));
    });

  const subscribe = (event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set.add(listener));
    return () => void set.delete(listener);
  };

  return new Promise((resolve, reject) => {
    socket.onopen = () => void session.then(() => resolve({ api: createCometdeskApi(invoke, subscribe), close: () => socket.close() }));
    socket.onerror = () => reject(new Error("could not connect to the bridge (wrong secret or origin?)"));
    socket.onclose = () => {
      settleAll("bridge_closed", "the bridge connection closed");
      reject(new Error("the bridge closed the connection")); // before a ticket's session came: not connected
    };
  });
}
