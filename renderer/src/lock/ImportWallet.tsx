import { useRef, useState } from "react";
import { useApi } from "../api/api-context.js";
import { ApiError, unwrap } from "../api/unwrap.js";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { FormError } from "../components/FormError.js";
import { PasswordFields } from "./PasswordFields.js";
import { normalPhrase, phraseProblem } from "./recovery-phrase.js";
import { useNewVaultForm } from "./use-new-vault-form.js";
import { FieldProblem, tiedTo } from "../components/FieldProblem.js";
import { BusyButton } from "../components/BusyButton.js";

/** Imports a recovery phrase into a new vault; the phrase field is cleared once main has it. */
export function ImportWallet({ onCancel, onFinished }: { onCancel: () => void; onFinished: () => void }) {
  const api = useApi();
  const [mnemonic, setMnemonic] = useState("");
  const [phraseError, setPhraseError] = useState<string>();
  const phraseField = useRef<HTMLTextAreaElement>(null);
  // A phrase main would refuse unread (nothing but spaces, or far too long) is said at its field.
  const phraseRight = () => {
    const why = phraseProblem(mnemonic);
    setPhraseError(why);
    if (why) phraseField.current?.focus();
    return why === undefined;
  };
  const form = useNewVaultForm(async (password) => {
    try {
      await unwrap(api.wallet.import({ mnemonic: normalPhrase(mnemonic), password }));
    } catch (e) {
      // Main's word for the phrase (a word not in the list, the checksum) belongs at its field.
      if (e instanceof ApiError && e.code === ERROR_CODES.invalidMnemonic) {
        setPhraseError(e.message);
        phraseField.current?.focus();
      }
      throw e;
    }
    setMnemonic("");
  }, onFinished, phraseRight);
  return (
    <main className="centered" aria-labelledby="import-title">
      <form className="card" onSubmit={form.submit}>
        <h1 id="import-title">Import a recovery phrase</h1>
        <label htmlFor="import-mnemonic">Recovery phrase (12 or 24 words)</label>
        <textarea
          id="import-mnemonic"
          ref={phraseField}
          rows={3}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          required
          value={mnemonic}
          onChange={(e) => {
            setMnemonic(e.target.value);
            setPhraseError(undefined);
            form.clearError();
          }}
          {...tiedTo("import-mnemonic", phraseError)}
        />
        <FieldProblem id="import-mnemonic" problem={phraseError} alert />
        <PasswordFields {...form.fields} />
        {/* Main's refusal of the phrase is shown at the phrase field alone. */}
        <FormError message={phraseError ? undefined : form.error} />
        <div className="row">
          <BusyButton busy={form.pending} busyLabel="Importing…">Import</BusyButton>
          <button type="button" className="secondary" onClick={onCancel}>Back</button>
        </div>
      </form>
    </main>
  );
}
