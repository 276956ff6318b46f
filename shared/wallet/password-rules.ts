/*
 * The wallet password's limits, as plain values: the contract's schemas (shared/contract/wallet.ts)
 * and the renderer's forms read the same numbers, and the forms load no zod.
 */

/** The fewest characters a new wallet password may have. */
export const MIN_PASSWORD = 8;
/** The most characters main takes in any password field. */
export const MAX_PASSWORD = 1024;

/** Why `password` cannot be a new wallet password (too short or too long), or undefined. */
export function newPasswordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD) return `Use at least ${MIN_PASSWORD} characters.`;
  if (password.length > MAX_PASSWORD) return `Use at most ${MAX_PASSWORD.toLocaleString("en")} characters; this one has ${password.length.toLocaleString("en")}.`;
  return undefined;
}
