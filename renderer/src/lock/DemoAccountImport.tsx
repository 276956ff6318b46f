import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { FormError } from "../components/FormError.js";
import { PasswordFields } from "./PasswordFields.js";
import { useNewVaultForm } from "./use-new-vault-form.js";
import { BusyButton } from "../components/BusyButton.js";

/** Opens the wallet on one of the local devnet's demo accounts: main reads its key, the user picks a password. */
export function DemoAccountImport({ name, onCancel, onFinished }: { name: string; onCancel: () => void; onFinished: () => void }) {
  const api = useApi();
  const form = useNewVaultForm(async (password) => void (await unwrap(api.wallet.importDemo({ name, password }))), onFinished);
  return (
    <main className="centered" aria-labelledby="demo-import-title">
      <form className="card" onSubmit={form.submit}>
        <h1 id="demo-import-title">Use the demo account {name}</h1>
        <p>Choose a password for the vault that will hold this test-only key on this computer.</p>
        <PasswordFields {...form.fields} autoFocus />
        <FormError message={form.error} />
        <div className="row">
          <BusyButton busy={form.pending} busyLabel="Opening…">{`Use ${name}`}</BusyButton>
          <button type="button" className="secondary" onClick={onCancel}>Back</button>
        </div>
      </form>
    </main>
  );
}
