import { type CallOptions, type CometdeskApi, createCometdeskApi } from "../../shared/api.js";
import { ServerFrame } from "../../shared/bridge-protocol.js";
import type { MethodName } from "../../shared/contract/index.js";
import type { EventName } from "../../shared/events.js";
import { type BridgeSocket, type BridgeSocketOptions, openBridgeSocket } from "./bridge-socket.js";

export type { WebSocketConstructor, WebSocketLike } from "./bridge-socket.js";

/** Where and how to connect (bridge-socket.ts), and what the client does with the connection. */
export interface BridgeOptions extends BridgeSocketOptions {
  /** Called with the session secret the bridge gives in exchange for a ticket. */
  readonly onSession?: (secret: string) => void;
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
  try {
    return adoptBridge(openBridgeSocket(options), options);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Args that name nothing: what the early calls were sent with. */
const noArgs = (args: unknown) => args === undefined || (typeof args === "object" && args !== null && !Array.isArray(args) && Object.keys(args).length === 0);

/**
 * Builds the client over a socket opened earlier (bridge-socket.ts), replaying what it held. An
 * early call's answer serves the first call of its method with no arguments, once; an event
 * arriving before that call means the state may have moved, so the answers not yet used are
 * dropped and such calls go to main afresh.
 */
export function adoptBridge(opened: BridgeSocket, options: Pick<BridgeOptions, "credential" | "onSession" | "callTimeoutMs">): Promise<BridgeConnection> {
  const { socket } = opened;
  const { credential } = options;
  // With a ticket, the connection is ready once the session secret that replaces it arrived.
  let sessionArrived: () => void = () => {};
  const session = "ticket" in credential ? new Promise<void>((resolve) => (sessionArrived = resolve)) : Promise.resolve();
  const pending = new Map<number, (answer: unknown) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = opened.nextId;
  // Each early call: its answer once it came, or the calls waiting for it.
  type Early = { answer?: { readonly value: unknown }; waiting?: (answer: unknown) => void };
  const early = new Map<MethodName, Early>();
  for (const [method, id] of opened.early) {
    const entry: Early = {};
    early.set(method, entry);
    pending.set(id, (answer) => {
      entry.answer = { value: answer };
      entry.waiting?.(answer);
    });
  }
  const settleAll = (code: string, message: string) => {
    for (const resolve of pending.values()) resolve({ ok: false, error: { code, message } });
    pending.clear();
  };

  const onText = (data: string) => {
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
      // Main's state moved: an early answer nobody has used yet may be older than this event.
      early.clear();
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  };

  const timeoutMs = options.callTimeoutMs ?? 120_000;
  const timedOut = (method: MethodName) => ({ ok: false, error: { code: "bridge_timeout", message: `${method} got no answer in time` } });

  const send = (method: MethodName, args: unknown, call?: CallOptions): Promise<unknown> =>
    new Promise((resolve) => {
      if (socket.readyState !== OPEN) return resolve({ ok: false, error: { code: "bridge_closed", message: "the bridge is not connected" } });
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(timedOut(method));
      }, timeoutMs);
      pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.send(JSON.stringify({ type: "call", id, method, args, ...(call?.background === true ? { background: true } : {}) }));
    });

  const invoke = (method: MethodName, args: unknown, call?: CallOptions): Promise<unknown> => {
    const entry = noArgs(args) ? early.get(method) : undefined;
    if (!entry) return send(method, args, call);
    // Used once: the next call of this method asks main.
    early.delete(method);
    if (entry.answer) return Promise.resolve(entry.answer.value);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(timedOut(method)), timeoutMs);
      entry.waiting = (answer) => {
        clearTimeout(timer);
        resolve(answer);
      };
    });
  };

  const subscribe = (event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set.add(listener));
    return () => void set.delete(listener);
  };

  return new Promise((resolve, reject) => {
    opened.adopt({
      open: () => void session.then(() => resolve({ api: createCometdeskApi(invoke, subscribe), close: () => socket.close() })),
      message: onText,
      error: () => reject(new Error("could not connect to the bridge (wrong secret or origin?)")),
      close: () => {
        settleAll("bridge_closed", "the bridge connection closed");
        reject(new Error("the bridge closed the connection")); // before a ticket's session came: not connected
      },
    });
  });
}
