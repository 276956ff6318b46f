import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { FormError } from "../components/FormError.js";
import { useAction } from "../api/use-action.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { ConfirmPhrase } from "./ConfirmPhrase.js";
import { type PasswordProblem, passwordProblem, PasswordFields } from "./PasswordFields.js";
import { BusyButton } from "../components/BusyButton.js";

/**
 * Creates the vault. The new recovery phrase is shown once, from component state only, asked
 * back (three words picked from choices), and dropped once confirmed.
 */
export function CreateWallet({ onCancel, onFinished }: { onCancel: () => void; onFinished: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [words, setWords] = useState<12 | 24>(24);
  const [mnemonic, setMnemonic] = useState<string | undefined>();
  const [problem, setProblem] = useState<PasswordProblem | undefined>();
  const [confirming, setConfirming] = useState(false);
  const create = useAction(async () => {
    const created = await unwrap(api.wallet.create({ password, words }));
    setPassword("");
    setConfirm("");
    setMnemonic(created.mnemonic);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = passwordProblem(password, confirm);
    setProblem(why);
    if (!why) void create.run();
  };
  const done = () => {
    setMnemonic(undefined);
    void client.invalidateQueries({ queryKey: walletKeys.all });
    onFinished();
  };
  if (mnemonic && confirming) return <ConfirmPhrase words={mnemonic.split(" ")} onConfirmed={done} onShowAgain={() => setConfirming(false)} />;
  if (mnemonic) {
    return (
      <main className="centered" aria-labelledby="phrase-title">
        <div className="card">
          <h1 id="phrase-title">Write down your recovery phrase</h1>
          <p>Anyone with these words controls your funds. Cometdesk will not show them again without your password.</p>
          <ol className="mnemonic" data-testid="mnemonic">
            {mnemonic.split(" ").map((word, i) => <li key={i}>{word}</li>)}
          </ol>
          <button type="button" autoFocus onClick={() => setConfirming(true)}>I have written it down</button>
        </div>
      </main>
    );
  }
  return (
    <main className="centered" aria-labelledby="create-title">
      <form className="card" onSubmit={submit}>
        <h1 id="create-title">Create a wallet</h1>
        <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} problem={problem} autoFocus />
        <fieldset>
          <legend>Recovery phrase length</legend>
          {([24, 12] as const).map((n) => (
            <label key={n} className="inline">
              <input type="radio" name="words" checked={words === n} onChange={() => setWords(n)} /> {n} words
            </label>
          ))}
        </fieldset>
        <FormError message={create.error} />
        <div className="row">
          <BusyButton busy={create.pending} busyLabel="Creating…">Create wallet</BusyButton>
          <button type="button" className="secondary" onClick={onCancel}>Back</button>
        </div>
      </form>
    </main>
  );
}
