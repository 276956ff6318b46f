import { z } from "zod";

/**
 * The Cosmos SDK's default MaxMemoCharacters. Its ante handler compares it with `len(memo)` in
 * Go, which counts UTF-8 bytes, so "é" takes two of them and a memo the chain refuses must be
 * refused here before anything is signed.
 */
export const MEMO_MAX_BYTES = 256;

/** The sentence for a memo over the limit, at the form's field and in main's refusal alike. */
export const MEMO_TOO_LONG = `The memo is limited to ${MEMO_MAX_BYTES} bytes.`;

/** Whether the chain would refuse `memo` for its length. */
export function memoTooLong(memo: string): boolean {
  // A UTF-16 code unit is at least one UTF-8 byte: a longer string is over without encoding it.
  return memo.length > MEMO_MAX_BYTES || new TextEncoder().encode(memo).length > MEMO_MAX_BYTES;
}

/** A memo as main and the access service take it: at most MEMO_MAX_BYTES of UTF-8. */
export const Memo = z.string().refine((memo) => !memoTooLong(memo), MEMO_TOO_LONG);
