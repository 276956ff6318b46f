import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { MAX_CLI_ARMOR } from "../../../../../shared/wallet/cli-key-limits.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { FormError } from "../../../components/FormError.js";
import { walletKeys } from "../../../queries/wallet-queries.js";
import { useSelectedAccount } from "../../use-selected-account.js";
import { cliKeyInput } from "./cli-key-form.js";

const KEY_FIELD = "cli-key-text";

/**
 * "Import a key from a node's CLI": the armor `simd keys export <name>` prints (pasted, or read
 * from its file here in the page) with its passphrase, or the hex of `--unarmored-hex --unsafe`.
 * Main decrypts it and seals it in the vault; the text and passphrase leave this form's state at once.
 */
export function ImportCliKey({ unlocked }: { unlocked: boolean }) {
  const api = useApi();
  const client = useQueryClient();
  const { select } = useSelectedAccount();
  const [text, setText] = useState("");
  const [passphrase, setPassphrase] = useState("");
  const [label, setLabel] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const keyField = useRef<HTMLTextAreaElement>(null);
  const add = useAction(async (input: { armor: string } | { hex: string }) => {
    const account = await unwrap(api.wallet.importCliKey({ ...input, passphrase, label: label.trim() || "Imported key" }));
    setText("");
    setPassphrase("");
    setLabel("");
    setNote(`Imported "${account.label}": ${account.address}`);
    await client.invalidateQueries({ queryKey: walletKeys.accounts() });
    select(account.index);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.pending) return;
    setNote(undefined);
    const parsed = cliKeyInput(text);
    setProblem(parsed.ok ? undefined : parsed.problem);
    if (!parsed.ok) keyField.current?.focus();
    else void add.run(parsed.input);
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_CLI_ARMOR) return setProblem(`That file is ${file.size} bytes; a key file from \`simd keys export\` is under ${MAX_CLI_ARMOR}.`);
    setText(await file.text());
    setProblem(undefined);
  };
  return (
    <section aria-labelledby="cli-import-title" className="panel">
      <h2 id="cli-import-title">Import a key from a node's CLI</h2>
      <p className="muted">Paste what <code>simd keys export &lt;name&gt;</code> printed (from -----BEGIN to -----END) and the passphrase you gave it, or the hex of <code>--unarmored-hex --unsafe</code>. The key is kept encrypted in this wallet.</p>
      <form onSubmit={submit} noValidate aria-busy={add.pending || undefined} className="form-grid">
        <div className="field">
          <label htmlFor={KEY_FIELD}>Exported key</label>
          <textarea id={KEY_FIELD} ref={keyField} rows={8} spellCheck={false} autoComplete="off" value={text} maxLength={MAX_CLI_ARMOR}
            onChange={(e) => { setText(e.target.value); setProblem(undefined); }} {...tiedTo(KEY_FIELD, problem)} />
          <FieldProblem id={KEY_FIELD} problem={problem} alert />
        </div>
        <div className="field">
          <label htmlFor="cli-key-file">Or read it from a file</label>
          <input id="cli-key-file" type="file" onChange={(e) => void readFile(e.target.files?.[0])} />
        </div>
        <div className="field">
          <label htmlFor="cli-key-passphrase">Passphrase of the export</label>
          <input id="cli-key-passphrase" type="password" autoComplete="off" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="cli-key-label">Label</label>
          <input id="cli-key-label" value={label} maxLength={64} placeholder="Imported key" onChange={(e) => setLabel(e.target.value)} />
        </div>
        <FormError message={add.error} />
        <div className="row">
          <BusyButton busy={add.pending} busyLabel="Decrypting…" disabled={!unlocked} title={unlocked ? undefined : "Unlock the wallet first"}>Import the key</BusyButton>
        </div>
        <p role="status" className="muted" data-testid="cli-import-status">{note}</p>
      </form>
    </section>
  );
}
