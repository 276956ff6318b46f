import { z } from "zod";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from "./config.js";
import { TX_STATUSES } from "./records.js";

const IntLike = z.union([z.string(), z.number()]);

/** Body of `POST /transactions/sign-doc`. */
export const SignDocBodySchema = z.strictObject({
  from: z.string().max(128),
  to: z.string().max(128),
  amount: IntLike,
  nonce: IntLike.optional(),
  // 256 characters: the Cosmos SDK's default MaxMemoCharacters.
  memo: z.string().max(256).optional(),
  fee: IntLike.optional(),
  gas: IntLike.optional(),
  timeoutHeight: IntLike.optional(),
});
export type SignDocBody = z.infer<typeof SignDocBodySchema>;

/** Body of `POST /transactions`. */
export const SubmitBodySchema = SignDocBodySchema.extend({
  nonce: IntLike,
  signature: z.string().max(200),
  publicKey: z.string().max(200).optional(),
});
export type SubmitBody = z.infer<typeof SubmitBodySchema>;

/** Query of `GET /transactions`; limit must be an integer in range, written as digits. */
export const ListQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^\d+$/, `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`).max(MAX_LIST_LIMIT, `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`))
    .default(DEFAULT_LIST_LIMIT),
  address: z.string().max(128).optional(),
  status: z.enum(TX_STATUSES).optional(),
  cursor: z.string().max(512).optional(),
});

/** A transaction id in a path. */
export const TxHashSchema = z.string().regex(/^[0-9A-Fa-f]{64}$/, "a transaction id is 64 hex characters").transform((s) => s.toUpperCase());
