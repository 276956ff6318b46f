import type { WebSocketLike } from "./bridge-client.js";

type Handler = "onopen" | "onmessage" | "onerror" | "onclose";

/**
 * A socket opened before the code that reads it has loaded: the renderer's entry opens the
 * bridge's connection while the bridge client (zod and the contract's schemas) is still on its
 * way, so the two overlap (docs/benchmarks.md, Investigations, "First paint"). What arrives before
 * the client sets its handlers (the open, the session frame) is kept, and handed to those handlers
 * in its order once the client has set them. Type-only import above: this file loads with the
 * entry and must not pull the client in.
 */
export function openEarly(socket: WebSocketLike): WebSocketLike {
  const held: Array<[Handler, unknown]> = [];
  const handlers: Record<Handler, ((ev: never) => void) | null> = { onopen: null, onmessage: null, onerror: null, onclose: null };
  let attached = false;
  const deliver = (kind: Handler, ev: unknown) => (handlers[kind] as ((ev: unknown) => void) | null)?.(ev);
  const keep = (kind: Handler) => (ev: unknown) => (attached ? deliver(kind, ev) : void held.push([kind, ev]));
  socket.onopen = keep("onopen");
  socket.onmessage = keep("onmessage");
  socket.onerror = keep("onerror");
  socket.onclose = keep("onclose");
  // The client sets all four handlers in one go; what was held is handed over after that, in order.
  const attach = () => {
    if (attached) return;
    queueMicrotask(() => {
      attached = true;
      for (const [kind, ev] of held.splice(0)) deliver(kind, ev);
    });
  };
  const handler = (kind: Handler) => ({
    get: () => handlers[kind],
    set: (fn: ((ev: never) => void) | null) => {
      handlers[kind] = fn;
      attach();
    },
    enumerable: true,
  });
  return Object.defineProperties(
    {
      get readyState() {
        return socket.readyState;
      },
      send: (data: string) => socket.send(data),
      close: (code?: number, reason?: string) => socket.close(code, reason),
    },
    { onopen: handler("onopen"), onmessage: handler("onmessage"), onerror: handler("onerror"), onclose: handler("onclose") },
  ) as WebSocketLike;
}
