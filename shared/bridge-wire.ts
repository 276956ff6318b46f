/**
 * The WebSocket bridge's names and sizes, without zod: the renderer's socket opens from a small
 * chunk that must not carry the contract's schemas (renderer/bridge/bridge-socket.ts). The frames
 * themselves are in bridge-protocol.ts.
 */
export const BRIDGE_PROTOCOL = "cometdesk-bridge.v1";

/**
 * How a client proves it may connect, offered as a second WebSocket subprotocol (the
 * Sec-WebSocket-Protocol header), never in a URL, where it would stay in a browser's history
 * and reach anything that logs addresses:
 * - `cometdesk.secret.<hex>`: the bridge's long-lived secret (harnesses in Node), or a session
 *   secret the bridge gave a browser tab;
 * - `cometdesk.ticket.<hex>`: a one-time ticket from the page's link, good for one connection
 *   within minutes; the bridge answers it with a session secret and forgets it.
 */
export const SECRET_PROTOCOL_PREFIX = "cometdesk.secret.";
export const TICKET_PROTOCOL_PREFIX = "cometdesk.ticket.";

/** Largest client → server frame: calls are small, so anything bigger is hostile. */
export const MAX_CALL_FRAME_BYTES = 1 << 20;
/** Largest server → client frame the client reads (a genesis file can be big). */
export const MAX_ANSWER_FRAME_BYTES = 64 << 20;
