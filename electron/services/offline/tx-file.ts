import { z } from "zod";
import { AppError } from "../app-error.js";
import type { SdkTxJson } from "./protojson.js";

/** The largest transaction file read: a 16-message transaction with a multisig's keys is far less. */
export const MAX_TX_FILE_BYTES = 256 * 1024;

const Base64 = z.string().max(4096).regex(/^[A-Za-z0-9+/]*={0,2}$/, "expected base64");
const Json = z.record(z.string(), z.unknown());

/** A transaction as the SDK's JSON holds it; the Anys inside are read by their own codecs (protojson.ts). */
const SdkTxFile = z.object({
  body: Json.refine((b) => Array.isArray(b.messages) && b.messages.length > 0 && b.messages.length <= 16, "the body holds no messages, or more than 16"),
  auth_info: Json,
  signatures: z.array(Base64).max(16),
});

/** A member's signature as `simd tx sign --multisig=<address>` writes it (the SDK's signature-only JSON). */
const SdkSignatures = z.object({
  signatures: z.array(z.object({
    public_key: Json,
    data: z.object({ single: z.object({ mode: z.string().max(64), signature: Base64 }) }),
    sequence: z.string().regex(/^\d{1,20}$/),
  })).min(1).max(16),
});
export type SdkSignatures = z.infer<typeof SdkSignatures>;

function parseJson(text: string, what: string): unknown {
  if (text.length > MAX_TX_FILE_BYTES) throw new AppError("file_too_large", `the ${what} is ${text.length} bytes; a transaction file is at most ${MAX_TX_FILE_BYTES}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_file", `the ${what} is not JSON: it is not a file simd wrote, or it was cut short`);
  }
}

function problems(error: z.ZodError): string {
  return error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "the file"}: ${i.message}`).join("; ");
}

/** A signed (or unsigned) transaction file's text, checked for shape; nothing in it is trusted yet. */
export function parseTxFile(text: string): SdkTxJson {
  const parsed = SdkTxFile.safeParse(parseJson(text, "transaction file"));
  if (!parsed.success) throw new AppError("invalid_file", `this is not an SDK transaction file (${problems(parsed.error)})`);
  return parsed.data;
}

/** A file of one member's signature: the signature-only JSON, or a whole signed transaction. */
export function parseSignatureFile(text: string): SdkSignatures | SdkTxJson {
  const json = parseJson(text, "signature file");
  const signatures = SdkSignatures.safeParse(json);
  if (signatures.success) return signatures.data;
  const tx = SdkTxFile.safeParse(json);
  if (tx.success) return tx.data;
  throw new AppError("invalid_file", `this is neither a signature file of simd tx sign --multisig nor a signed transaction (${problems(signatures.error)})`);
}
