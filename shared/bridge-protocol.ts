import { z } from "zod";
import { EnvelopeSchema } from "./envelope.js";

/**
 * Frames of the WebSocket test/dev bridge, the second adapter over the dispatcher. Every frame is
 * JSON text and parsed on arrival; both sides drop what does not parse. The names and sizes are
 * in bridge-wire.ts, which has no zod, for the renderer's socket chunk.
 */
export { BRIDGE_PROTOCOL, MAX_ANSWER_FRAME_BYTES, MAX_CALL_FRAME_BYTES, SECRET_PROTOCOL_PREFIX, TICKET_PROTOCOL_PREFIX } from "./bridge-wire.js";

/** A secret or ticket as the bridge makes them: 32 random bytes in hex. */
export const BridgeCredential = z.string().regex(/^[0-9a-f]{64}$/);

export const CallFrame = z.strictObject({
  type: z.literal("call"),
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  method: z.string().min(1).max(128),
  args: z.unknown(),
  /** A refresh nobody asked for: main runs it at background priority (shared/api.ts `CallOptions`). */
  background: z.boolean().optional(),
});
export type CallFrame = z.infer<typeof CallFrame>;

export const ServerFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("result"), id: z.number().int(), result: EnvelopeSchema }),
  z.object({ type: z.literal("event"), event: z.string(), payload: z.unknown() }),
  /** The first frame on a connection opened with a ticket: the tab's secret for reconnecting. */
  z.object({ type: z.literal("session"), secret: BridgeCredential }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
