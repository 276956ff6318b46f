import { z } from "zod";
import { TX_STATUSES } from "../contract/tx.js";

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
    // 256 characters: the Cosmos SDK's default MaxMemoCharacters.
    memo: z.string().max(256).optional(),
    fee: int.optional(),
    gas: int.optional(),
    timeoutHeight: int.optional(),
  };
}
const signatureFields = { signature: z.string().max(200), publicKey: z.string().max(200).optional() };

/** Body of `POST /transactions/sign-doc`. */
export const SignDocBody = z.strictObject(transferFields(IntLike));
export type SignDocBody = z.infer<typeof SignDocBody>;

/** Body of `POST /transactions`. */
export const SubmitBody = SignDocBody.extend({ nonce: IntLike, ...signatureFields });
export type SubmitBody = z.infer<typeof SubmitBody>;

/** The sign-doc body as this app's client writes it: integers as strings. */
export const TransferRequest = z.strictObject(transferFields(z.string()));
export type TransferRequest = z.infer<typeof TransferRequest>;
/** The submit body as this app's client writes it (and its outbox keeps it). */
export const SubmitRequest = TransferRequest.extend({ nonce: z.string(), ...signatureFields });
export type SubmitRequest = z.infer<typeof SubmitRequest>;

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
