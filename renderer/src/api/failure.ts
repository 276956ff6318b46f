import { ApiError, errorMessage } from "./unwrap.js";

/** Whether `error` is main's failure with `code` (shared/error-codes.ts). */
export const failedWith = (error: unknown, code: string): error is ApiError => error instanceof ApiError && error.code === code;

/** `errorMessage`, begun with a capital, to stand as a sentence of its own (main's words start lower case). */
export function errorSentence(error: unknown): string {
  const said = errorMessage(error);
  return said.charAt(0).toUpperCase() + said.slice(1);
}
