import { BRIDGE_PROTOCOL, MAX_ANSWER_FRAME_BYTES, SECRET_PROTOCOL_PREFIX, TICKET_PROTOCOL_PREFIX } from "../../shared/bridge-wire.js";
import type { MethodName } from "../../shared/contract/index.js";

/**
 * The bridge's socket, opened before its client exists. This module has no zod and loads in a
 * chunk of its own, so a browser tab connects and sends the first screen's calls while the client's
 * chunk (the contract's schemas, bridge-client.ts) is still being fetched and evaluated: main's
 * answers wait in the socket instead of the client waiting for them. Nothing here reads a frame;
 * each is held as text until the client takes the socket and parses it as it parses every frame.
 */

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

export interface BridgeSocketOptions {
  /** ws://127.0.0.1:<port>/ as printed by `npm run bridge`. */
  readonly url: string;
  /**
   * The credential (shared/bridge-wire.ts), sent as a subprotocol, never in the URL: the
   * bridge's secret or a tab's session secret, or a one-time ticket from the page's link.
   */
  readonly credential: { readonly secret: string } | { readonly ticket: string };
  /**
   * Calls without arguments sent as soon as the socket opens, before any client exists: read-only
   * ones the first screen makes (renderer/src/api/first-calls.ts). The client hands each
   * answer to the first call of that method with no arguments, once, unless an event came first.
   */
  readonly early?: readonly MethodName[];
  /** Defaults to the browser's WebSocket. */
  readonly WebSocketImpl?: WebSocketConstructor;
}

/** What happens on the socket, in the order it happened, once a client takes it. */
export interface SocketHandlers {
  readonly open: () => void;
  readonly message: (text: string) => void;
  readonly error: () => void;
  readonly close: () => void;
}

export interface BridgeSocket {
  readonly socket: WebSocketLike;
  /** The early calls' ids, by method. */
  readonly early: ReadonlyMap<MethodName, number>;
  /** The first id a client's own calls may use. */
  readonly nextId: number;
  /** Hands the socket to a client: what happened so far is replayed to it in order, then it gets the rest. */
  adopt(handlers: SocketHandlers): void;
}

/** Frames held before a client takes the socket: at most this many bytes of text, then the oldest go. */
const HELD_BYTES = 8 << 20;

/** Opens the bridge's socket and sends the early calls when it opens; frames are held until `adopt`. */
export function openBridgeSocket(options: BridgeSocketOptions): BridgeSocket {
  const Impl = options.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!Impl) throw new Error("no WebSocket implementation");
  const { credential } = options;
  const proof = "ticket" in credential ? `${TICKET_PROTOCOL_PREFIX}${credential.ticket}` : `${SECRET_PROTOCOL_PREFIX}${credential.secret}`;
  const socket = new Impl(options.url, [BRIDGE_PROTOCOL, proof]);
  const early = new Map<MethodName, number>();
  for (const method of new Set(options.early ?? [])) early.set(method, early.size + 1);

  type Happening = { readonly kind: "open" | "error" | "close" } | { readonly kind: "message"; readonly text: string };
  let held: Happening[] = [];
  let heldBytes = 0;
  let client: SocketHandlers | undefined;
  const happen = (h: Happening) => {
    if (client) return deliver(client, h);
    held.push(h);
    if (h.kind !== "message") return;
    heldBytes += h.text.length;
    // A tab whose client never arrives must not hold a live feed's frames without end: answers
    // and events past the bound are dropped, oldest first (a dropped answer times out in the client).
    while (heldBytes > HELD_BYTES) {
      const i = held.findIndex((x) => x.kind === "message");
      if (i < 0) break;
      const [dropped] = held.splice(i, 1);
      heldBytes -= dropped!.kind === "message" ? dropped!.text.length : 0;
    }
  };
  const deliver = (to: SocketHandlers, h: Happening) => (h.kind === "message" ? to.message(h.text) : to[h.kind]());

  socket.onmessage = ({ data }) => {
    if (typeof data === "string" && data.length <= MAX_ANSWER_FRAME_BYTES) happen({ kind: "message", text: data });
  };
  socket.onopen = () => {
    for (const [method, id] of early) socket.send(JSON.stringify({ type: "call", id, method, args: {} }));
    happen({ kind: "open" });
  };
  socket.onerror = () => happen({ kind: "error" });
  socket.onclose = () => happen({ kind: "close" });

  return {
    socket,
    early,
    nextId: early.size + 1,
    adopt(handlers) {
      if (client) throw new Error("the bridge's socket has a client already");
      client = handlers;
      const replay = held;
      held = [];
      heldBytes = 0;
      for (const h of replay) deliver(handlers, h);
    },
  };
}
