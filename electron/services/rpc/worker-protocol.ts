import type { MessagePort } from "node:worker_threads";
import { z } from "zod";
import { AppError } from "../app-error.js";

/** A snapshot of main's RPC transport, as a worker thread rebuilds it (rpc-transport.ts `transportFromSnapshot`). */
export const TransportSnapshot = z.object({
  endpoints: z
    .array(z.object({ url: z.string(), kind: z.enum(["node", "access"]), headers: z.record(z.string(), z.string()), restMs: z.number().optional(), noIndex: z.boolean().optional() }).readonly())
    .readonly(),
  timeoutMs: z.number(),
  maxBytes: z.number(),
  maxDepth: z.number(),
  retries: z.number(),
  backoffMs: z.number(),
  hedgeMs: z.number(),
});

/** A worker's answer to one request: its value, or the AppError it failed with (code and message kept). */
export const WorkerReply = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.number(), ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type WorkerReply = z.infer<typeof WorkerReply>;

/**
 * The worker's side: each request read with `schema` (anything else is dropped: main sends only
 * parsed requests), run, and answered with its value or its error. An error that is not an
 * AppError is answered with `failCode`.
 */
export function serveRequests<R extends { id: number }>(port: MessagePort, schema: z.ZodType<R>, run: (request: R) => Promise<unknown>, failCode: string): void {
  port.on("message", (raw: unknown) => {
    const request = schema.safeParse(raw);
    if (!request.success) return;
    const id = request.data.id;
    void run(request.data)
      .then(
        (value): WorkerReply => ({ id, ok: true, value }),
        (error: unknown): WorkerReply =>
          error instanceof AppError
            ? { id, ok: false, code: error.code, message: error.message }
            : { id, ok: false, code: failCode, message: error instanceof Error ? error.message : String(error) },
      )
      .then((reply) => port.postMessage(reply));
  });
}
