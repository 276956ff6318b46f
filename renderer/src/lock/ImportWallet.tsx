import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { FormError } from "../components/FormError.js";
import { useAction } from "../components/use-action.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { passwordProblem, PasswordFields } from "./PasswordFields.js";

/** Imports a recovery phrase into a new vault; the phrase field is cleared once main has it. */
export function ImportWallet({ onCancel, onFinished }: { onCancel: () => void; onFinished: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const [mnemonic, setMnemonic] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const importWallet = useAction(async () => {
    await unwrap(api.wallet.import({ mnemonic: mnemonic.trim().split(/\s+/).join(" "), password }));
    setMnemonic("");
    setPassword("");
    setConfirm("");
    await client.invalidateQueries({ queryKey: walletKeys.all });
    onFinished();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = passwordProblem(password, confirm);
    setProblem(why);
    if (!why) void importWallet.run();
  };
  return (
    <main className="centered" aria-labelledby="import-title">
      <form className="card" onSubmit={submit}>
        <h1 id="import-title">Import a recovery phrase</h1>
        <label htmlFor="import-mnemonic">Recovery phrase (12 or 24 words)</label>
        <textarea id="import-mnemonic" rows={3} autoComplete="off" spellCheck={false} autoCapitalize="none" required value={mnemonic} onChange={(e) => setMnemonic(e.target.value)} />
        <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <FormError message={problem ?? importWallet.error} />
        <div className="row">
          <button type="submit" disabled={importWallet.pending}>{importWallet.pending ? "Importing…" : "Import"}</button>
          <button type="button" className="secondary" onClick={onCancel}>Back</button>
        </div>
      </form>
    </main>
  );
}
