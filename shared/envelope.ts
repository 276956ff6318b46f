import { z } from "zod";

/** What a failed call tells the renderer: a stable snake_case code and a human message. */
export const ErrorInfoSchema = z.object({
  code: z.string().min(1).max(64),
  message: z.string().max(4096),
  /** The access service's HTTP status, when it answered with an error: the UI words it by this. */
  status: z.number().int().min(100).max(599).optional(),
  /** Seconds the service asked to wait (`Retry-After`) before trying again. */
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  /** A fee refused as too low: the gas price the chain asks for now ("0.05ucomet"), to prepare again at. */
  gasPriceNow: z.string().max(160).optional(),
  /** A refusal main words for a person (a refused simulation): the chain's own text, shown on request. */
  chainWords: z.string().max(2000).optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** The result of every IPC call: data, never a thrown error (docs/architecture.md, "The contract"). */
export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorInfo };

/** The envelope's outer shape, with the value left for the method's own result schema. */
export const EnvelopeSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorInfoSchema }),
]);


export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (code: string, message: string): Envelope<never> => ({ ok: false, error: { code, message } });
