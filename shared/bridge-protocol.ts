import { z } from "zod";
import { EnvelopeSchema } from "./envelope.js";

/**
 * Frames of the WebSocket test/dev bridge, the second adapter over the dispatcher. Every frame is
 * JSON text and parsed on arrival; both sides drop what does not parse.
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

/** A secret or ticket as the bridge makes them: 32 random bytes in hex. */
export const BridgeCredential = z.string().regex(/^[0-9a-f]{64}$/);

/** Largest client → server frame: calls are small, so anything bigger is hostile. */
export const MAX_CALL_FRAME_BYTES = 1 << 20;
/** Largest server → client frame the client reads (a genesis file can be big). */
export const MAX_ANSWER_FRAME_BYTES = 64 << 20;

export const CallFrame = z.strictObject({
  type: z.literal("call"),
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  method: z.string().min(1).max(128),
  args: z.unknown(),
});
export type CallFrame = z.infer<typeof CallFrame>;

export const ServerFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("result"), id: z.number().int(), result: EnvelopeSchema }),
  z.object({ type: z.literal("event"), event: z.string(), payload: z.unknown() }),
  /** The first frame on a connection opened with a ticket: the tab's secret for reconnecting. */
  z.object({ type: z.literal("session"), secret: BridgeCredential }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
