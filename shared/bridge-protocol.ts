import { z } from "zod";
import { EnvelopeSchema } from "./envelope.js";

/**
 * Frames of the WebSocket test/dev bridge, the second adapter over the dispatcher. Every frame is
 * JSON text and parsed on arrival; both sides drop what does not parse.
 */
export const BRIDGE_PROTOCOL = "cometdesk-bridge.v1";

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
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
