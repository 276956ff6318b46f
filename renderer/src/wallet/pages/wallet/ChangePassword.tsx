import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ApiError, unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { focusFirstProblem } from "../../../components/focus-first-problem.js";
import { FormError } from "../../../components/FormError.js";
import { walletKeys } from "../../../queries/wallet-queries.js";
import { CHANGE_PASSWORD_FIELDS, type ChangePasswordField, type ChangePasswordProblems, type ChangePasswordValues, changePasswordProblems, passwordRefusal } from "./security-form.js";
import { useOnLock } from "./use-on-lock.js";
import { BusyButton } from "../../../components/BusyButton.js";

const FIELDS: Readonly<Record<ChangePasswordField, { id: string; label: string; autoComplete: string }>> = {
  current: { id: "change-current-password", label: "Current password", autoComplete: "current-password" },
  next: { id: "change-new-password", label: "New password (at least 8 characters)", autoComplete: "new-password" },
  confirm: { id: "change-confirm-password", label: "New password again", autoComplete: "new-password" },
};
const EMPTY: ChangePasswordValues = { current: "", next: "", confirm: "" };
const idOf = (field: ChangePasswordField) => FIELDS[field].id;

/**
 * Changes the wallet's password: main checks the current one and seals the vault again under the
 * new one. The fields are checked here before anything is sent, and emptied after a change, a
 * cancel or a lock, so no password outlives the form's use.
 */
export function ChangePassword() {
  const api = useApi();
  const client = useQueryClient();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [problems, setProblems] = useState<ChangePasswordProblems>({});
  const [changed, setChanged] = useState(false);
  const change = useAction(async (asked: ChangePasswordValues) => {
    try {
      const status = await unwrap(api.wallet.changePassword({ oldPassword: asked.current, newPassword: asked.next }));
      client.setQueryData(walletKeys.status(), status);
      setValues(EMPTY);
      setChanged(true);
    } catch (e) {
      const why = passwordRefusal(e instanceof ApiError ? e.code : undefined, "current password");
      if (!why) throw e;
      setProblems({ current: why });
      focusFirstProblem(CHANGE_PASSWORD_FIELDS, { current: why }, idOf);
    }
  });
  const clear = () => {
    setValues(EMPTY);
    setProblems({});
    setChanged(false);
    change.clearError();
  };
  useOnLock(clear);
  const set = (field: ChangePasswordField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setChanged(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.pending) return;
    const found = changePasswordProblems(values);
    setProblems(found);
    setChanged(false);
    change.clearError();
    // Nothing is sent until every field is right.
    if (focusFirstProblem(CHANGE_PASSWORD_FIELDS, found, idOf)) return;
    void change.run(values);
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={change.pending || undefined} className="form-grid">
      {CHANGE_PASSWORD_FIELDS.map((field) => (
        <div key={field} className="field" data-invalid={problems[field] ? true : undefined}>
          <label htmlFor={idOf(field)}>{FIELDS[field].label}</label>
          <input id={idOf(field)} type="password" autoComplete={FIELDS[field].autoComplete} value={values[field]} onChange={(e) => set(field, e.target.value)} {...tiedTo(idOf(field), problems[field])} />
          <FieldProblem id={idOf(field)} problem={problems[field]} alert />
        </div>
      ))}
      <FormError message={change.error} />
      <p role="status" data-testid="password-change-status" className={changed ? undefined : "muted"}>
        {change.pending ? "Sealing the wallet under the new password…" : changed ? "Password changed. From now on the wallet unlocks with the new password only." : ""}
      </p>
      <div className="row">
        <BusyButton busy={change.pending} busyLabel="Changing…">Change password</BusyButton>
        {/* eslint-disable-next-line no-restricted-syntax -- not the button pressed (that one keeps the focus); emptying the fields mid-change would hide what main is doing. */}
        <button type="button" className="secondary" disabled={change.pending} onClick={clear}>Cancel</button>
      </div>
    </form>
  );
}
