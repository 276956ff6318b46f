import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useAction } from "../api/use-action.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { type PasswordProblem, passwordProblem } from "./PasswordFields.js";

/**
 * The state of a form that opens a new vault with a password typed twice: it checks the
 * password (and, with `otherFields`, the form's other fields), runs `open`, clears the fields
 * once main has them, and refreshes the wallet state.
 */
export function useNewVaultForm(open: (password: string) => Promise<void>, onFinished: () => void, otherFields?: () => boolean) {
  const client = useQueryClient();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<PasswordProblem | undefined>();
  const action = useAction(async () => {
    await open(password);
    setPassword("");
    setConfirm("");
    await client.invalidateQueries({ queryKey: walletKeys.all });
    onFinished();
  });
  // Every field is checked at each submit (`otherFields`: the form's own, true when they are
  // right), so no problem is left on a field that has been put right.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const others = otherFields?.() ?? true;
    const why = passwordProblem(password, confirm);
    setProblem(why);
    action.clearError();
    if (!why && others) void action.run();
  };
  // The password's own problem is shown on its field; main's refusal under the form.
  const fields = { password, confirm, onPassword: setPassword, onConfirm: setConfirm, problem };
  return { fields, submit, pending: action.pending, error: action.error, clearError: action.clearError };
}
