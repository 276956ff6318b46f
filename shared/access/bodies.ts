import { z } from "zod";
import { TX_STATUSES } from "../contract/tx-constants.js";
import { Memo } from "../primitives.js";

/**
 * The HTTP bodies of the Transaction Access Interface (docs/access-interface.md), in one place:
 * the service parses requests with these schemas and main's client sends and reads the same ones.
 * The answers (Tx, TxList, SignDocAnswer, AccessInfo, AccountState) are in shared/contract/tx.ts,
 * since the IPC methods that pass them on return them unchanged.
 */

/** `GET /transactions` answers 10 by default and at most 100 a page. */
export const DEFAULT_LIST_LIMIT = 10;
export const MAX_LIST_LIMIT = 100;

/** The service takes integers as digit strings or JSON numbers; this app's client always writes strings. */
const IntLike = z.union([z.string(), z.number()]);

function transferFields<I extends z.ZodType>(int: I) {
  return {
    from: z.string().max(128),
    to: z.string().max(128),
    amount: int,
    nonce: int.optional(),
    memo: Memo.optional(),
    fee: int.optional(),
    gas: int.optional(),
    timeoutHeight: int.optional(),
  };
}
const signatureFields = { signature: z.string().max(200), publicKey: z.string().max(200).optional() };

/** Body of `POST /transactions/sign-doc`. */
export const SignDocBody = z.strictObject(transferFields(IntLike));
export type SignDocBody = z.infer<typeof SignDocBody>;

/** Body of `POST /transactions` for a transfer in its seed form: the fields and the amino signature. */
export const TransferSubmitBody = SignDocBody.extend({ nonce: IntLike, ...signatureFields });
export type TransferSubmitBody = z.infer<typeof TransferSubmitBody>;

/** The largest signed transaction `POST /transactions` takes as `txBytes`, decoded (32 KiB). */
export const MAX_TX_BYTES = 32 * 1024;
/** Base64 of at most MAX_TX_BYTES bytes. */
const MAX_TX_BYTES_BASE64 = Math.ceil(MAX_TX_BYTES / 3) * 4;
/** Body of `POST /transactions` for any other signed transaction: its base64 TxRaw (SIGN_MODE_DIRECT). */
export const TxBytesBody = z.strictObject({
  txBytes: z.string().min(1, "txBytes is empty").max(MAX_TX_BYTES_BASE64, `txBytes may hold at most ${MAX_TX_BYTES} bytes (${MAX_TX_BYTES_BASE64} base64 characters)`),
});
export type TxBytesBody = z.infer<typeof TxBytesBody>;

/** Body of `POST /transactions`: a transfer in its seed form, or a signed transaction as `txBytes`. */
export const SubmitBody = z.union([TxBytesBody, TransferSubmitBody]);
export type SubmitBody = z.infer<typeof SubmitBody>;

/**
 * Parses a `POST /transactions` body with the form it names: one with a `txBytes` key is the
 * signed-transaction form, anything else a transfer. Its errors are then that form's own
 * ("txBytes: …", "signature: …"), not a union's "matches neither".
 */
export function parseSubmitBody(body: unknown): SubmitBody {
  const signedTx = typeof body === "object" && body !== null && Object.hasOwn(body, "txBytes");
  return signedTx ? TxBytesBody.parse(body) : TransferSubmitBody.parse(body);
}

/** The sign-doc body as this app's client writes it: integers as strings. */
export const TransferRequest = z.strictObject(transferFields(z.string()));
export type TransferRequest = z.infer<typeof TransferRequest>;
/** The submit body as this app's client writes it (and its outbox keeps it). */
export const SubmitRequest = TransferRequest.extend({ nonce: z.string(), ...signatureFields });
export type SubmitRequest = z.infer<typeof SubmitRequest>;
/** The signed-transaction submit body as this app's client writes it (and its outbox keeps it). */
export const TxBytesRequest = TxBytesBody;
export type TxBytesRequest = TxBytesBody;

const limitMessage = `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`;
/** Query of `GET /transactions`; limit must be an integer in range, written as digits. */
export const ListQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d+$/, limitMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, limitMessage).max(MAX_LIST_LIMIT, limitMessage))
    .default(DEFAULT_LIST_LIMIT),
  address: z.string().max(128).optional(),
  status: z.enum(TX_STATUSES).optional(),
  cursor: z.string().max(512).optional(),
});
/** The list query as a client fills it in, before it becomes a query string. */
export type ListRequest = { readonly [K in keyof z.output<typeof ListQuery>]?: z.output<typeof ListQuery>[K] };

/** A transaction id in a path. */
export const TxIdParam = z.string().regex(/^[0-9A-Fa-f]{64}$/, "a transaction id is 64 hex characters").transform((s) => s.toUpperCase());

/** Every REST error: `{"error":{"code","message","details"?}}`. */
export const ErrorBody = z.object({ error: z.object({ code: z.string().max(64), message: z.string().max(4096), details: z.unknown().optional() }) });
export type ErrorBody = z.infer<typeof ErrorBody>;
