import { type FormEvent, useState } from "react";
import type { WalletAccount } from "../../../../../shared/contract/wallet.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { FormError } from "../../../components/FormError.js";
import { exportPassphraseProblem } from "./cli-key-form.js";

/**
 * "Export for the CLI": the current account's key as the armor `simd keys import <name> <file>`
 * reads, encrypted with a passphrase the user chooses, after the wallet password typed again.
 * In the app main saves the file; in browser mode the page downloads the armor it is given.
 */
export function ExportCliKey({ account, unlocked }: { account: WalletAccount; unlocked: boolean }) {
  const api = useApi();
  const [password, setPassword] = useState("");
  const [passphrase, setPassphrase] = useState("");
  const [again, setAgain] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const run = useAction(async () => {
    const result = await unwrap(api.wallet.exportCliKey({ address: account.address, password, passphrase }));
    setPassword("");
    setPassphrase("");
    setAgain("");
    if (result.armor !== undefined) {
      const url = URL.createObjectURL(new Blob([result.armor], { type: "text/plain;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = result.filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNote(`Downloaded ${result.filename}. Import it with: simd keys import <name> ${result.filename}`);
    } else setNote(result.saved ? `Saved${result.path ? ` to ${result.path}` : ""}. Import it with: simd keys import <name> <file>` : "Export cancelled.");
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (run.pending) return;
    setNote(undefined);
    const why = password === "" ? "Type the wallet password." : exportPassphraseProblem(passphrase, again);
    setProblem(why);
    if (!why) void run.run();
  };
  return (
    <section aria-labelledby="cli-export-title" className="panel">
      <h2 id="cli-export-title">Export for the CLI</h2>
      <p className="muted">Writes the key of <strong>{account.label}</strong> as an encrypted file that <code>simd keys import</code> reads. Anyone with the file and its passphrase controls this account.</p>
      <form onSubmit={submit} noValidate aria-busy={run.pending || undefined} className="form-grid">
        <div className="field">
          <label htmlFor="cli-export-password">Wallet password, to export this key</label>
          <input id="cli-export-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="cli-export-passphrase">Passphrase for the file</label>
          <input id="cli-export-passphrase" type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} {...tiedTo("cli-export-passphrase", problem)} />
        </div>
        <div className="field">
          <label htmlFor="cli-export-again">The passphrase again</label>
          <input id="cli-export-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
          <FieldProblem id="cli-export-passphrase" problem={problem} alert />
        </div>
        <FormError message={run.error} />
        <div className="row">
          <BusyButton busy={run.pending} busyLabel="Encrypting…" disabled={!unlocked} title={unlocked ? undefined : "Unlock the wallet first"}>Export the key</BusyButton>
        </div>
        <p role="status" className="muted" data-testid="cli-export-status">{note}</p>
      </form>
    </section>
  );
}
