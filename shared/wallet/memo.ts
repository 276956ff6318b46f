/*
 * Plain code, no zod: the send and staking forms use it, and the pages load no zod inside
 * Electron. The contract's schema of a memo is `Memo` in ../primitives.ts.
 */

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
