/*
 * What the Security panel's forms check before they ask main, and where main's refusals are
 * said: the rules of a new password are shared/wallet/password-rules.ts, the same numbers the
 * contract's schemas hold, so a form never sends what main would refuse unread.
 */
import { ERROR_CODES } from "../../../../../shared/error-codes.js";
import { MAX_PASSWORD, newPasswordProblem } from "../../../../../shared/wallet/password-rules.js";

/** The wallet's password, typed again to prove it is its owner who asks. */
export function typedPasswordProblem(password: string): string | undefined {
  if (password.length === 0) return "Type the wallet's password.";
  // No wallet's password is longer than main takes a new one to be: said here, not sent.
  if (password.length > MAX_PASSWORD) return `That is not the wallet's password: a wallet's password has at most ${MAX_PASSWORD.toLocaleString("en")} characters.`;
  return undefined;
}

/** The change-password form's fields, in the order it shows them. */
export const CHANGE_PASSWORD_FIELDS = ["current", "next", "confirm"] as const;
export type ChangePasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number];
export type ChangePasswordValues = Readonly<Record<ChangePasswordField, string>>;
export type ChangePasswordProblems = Partial<Record<ChangePasswordField, string>>;

/** Every field's problem at once, so none is left on a field that has been put right. */
export function changePasswordProblems(v: ChangePasswordValues): ChangePasswordProblems {
  const problems: ChangePasswordProblems = {};
  const current = typedPasswordProblem(v.current);
  if (current) problems.current = current;
  const next = newPasswordProblem(v.next);
  if (next) problems.next = next;
  else if (v.next === v.current) problems.next = "That is the current password: choose another.";
  if (!next && v.confirm !== v.next) problems.confirm = "The two new passwords differ.";
  return problems;
}

/**
 * What to say at the password field for main's refusal with `code`, or undefined when the
 * refusal is not about the password (said under the form instead). `what`: the field's name.
 */
export function passwordRefusal(code: string | undefined, what: "password" | "current password"): string | undefined {
  if (code === ERROR_CODES.wrongPassword) return `That is not the wallet's ${what}.`;
  return undefined;
}

/** The words of a recovery phrase, in order, to show numbered. */
export function phraseWords(mnemonic: string): string[] {
  return mnemonic.trim().split(/\s+/).filter(Boolean);
}
