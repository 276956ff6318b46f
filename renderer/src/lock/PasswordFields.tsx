import { newPasswordProblem } from "../../../shared/wallet/password-rules.js";
import { FieldProblem, tiedTo } from "../components/FieldProblem.js";

/** Why a new password cannot be used yet, on the field that has to change. */
export interface PasswordProblem {
  readonly field: "password" | "confirm";
  readonly message: string;
}

const IDS = { password: "new-password", confirm: "confirm-password" } as const;

/**
 * A new password typed twice; the parent checks them, and a problem is shown on (and tied to) its
 * field. `autoFocus` where the password is the step's first field: the button that opened the step
 * is gone, and the keyboard would otherwise be left on the page's body.
 */
export function PasswordFields(props: { password: string; confirm: string; onPassword: (v: string) => void; onConfirm: (v: string) => void; problem?: PasswordProblem; autoFocus?: boolean }) {
  const problemOf = (field: PasswordProblem["field"]) => (props.problem?.field === field ? props.problem.message : undefined);
  const tie = (field: PasswordProblem["field"]) => tiedTo(IDS[field], problemOf(field));
  const error = (field: PasswordProblem["field"]) => <FieldProblem id={IDS[field]} problem={problemOf(field)} alert />;
  return (
    <>
      <label htmlFor={IDS.password}>Password (at least 8 characters)</label>
      <input id={IDS.password} type="password" autoComplete="new-password" autoFocus={props.autoFocus} minLength={8} required value={props.password} onChange={(e) => props.onPassword(e.target.value)} {...tie("password")} />
      {error("password")}
      <label htmlFor={IDS.confirm}>Password again</label>
      <input id={IDS.confirm} type="password" autoComplete="new-password" required value={props.confirm} onChange={(e) => props.onConfirm(e.target.value)} {...tie("confirm")} />
      {error("confirm")}
    </>
  );
}

/** Why a new password cannot be used yet, or undefined. */
export function passwordProblem(password: string, confirm: string): PasswordProblem | undefined {
  const problem = newPasswordProblem(password);
  if (problem) return { field: "password", message: problem };
  if (password !== confirm) return { field: "confirm", message: "The two passwords differ." };
  return undefined;
}
