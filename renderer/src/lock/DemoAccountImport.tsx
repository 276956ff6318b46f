import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { FormError } from "../components/FormError.js";
import { useAction } from "../components/use-action.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { passwordProblem, PasswordFields } from "./PasswordFields.js";

/** Opens the wallet on one of the local devnet's demo accounts: main reads its key, the user picks a password. */
export function DemoAccountImport({ name, onCancel, onFinished }: { name: string; onCancel: () => void; onFinished: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const importDemo = useAction(async () => {
    await unwrap(api.wallet.importDemo({ name, password }));
    setPassword("");
    setConfirm("");
    await client.invalidateQueries({ queryKey: walletKeys.all });
    onFinished();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = passwordProblem(password, confirm);
    setProblem(why);
    if (!why) void importDemo.run();
  };
  return (
    <main className="centered" aria-labelledby="demo-import-title">
      <form className="card" onSubmit={submit}>
        <h1 id="demo-import-title">Use the demo account {name}</h1>
        <p>Choose a password for the vault that will hold this test-only key on this computer.</p>
        <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <FormError message={problem ?? importDemo.error} />
        <div className="row">
          <button type="submit" disabled={importDemo.pending}>{importDemo.pending ? "Opening…" : `Use ${name}`}</button>
          <button type="button" className="secondary" onClick={onCancel}>Back</button>
        </div>
      </form>
    </main>
  );
}
