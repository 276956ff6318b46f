import { useState } from "react";
import { CreateWallet } from "./CreateWallet.js";
import { ImportWallet } from "./ImportWallet.js";

type Step = "choose" | "create" | "import";

/** No vault yet: create one, import a recovery phrase, or explore the chain without keys. */
export function FirstRun({ onExplore, onFinished }: { onExplore: () => void; onFinished: () => void }) {
  const [step, setStep] = useState<Step>("choose");
  if (step === "create") return <CreateWallet onCancel={() => setStep("choose")} onFinished={onFinished} />;
  if (step === "import") return <ImportWallet onCancel={() => setStep("choose")} onFinished={onFinished} />;
  return (
    <main className="centered" aria-labelledby="first-run-title">
      <div className="card">
        <h1 id="first-run-title">Welcome to Cometdesk</h1>
        <p>Your keys stay on this computer, in a vault encrypted with your password.</p>
        <div className="stack">
          <button type="button" autoFocus onClick={() => setStep("create")}>Create a new wallet</button>
          <button type="button" onClick={() => setStep("import")}>Import a recovery phrase</button>
          <button type="button" className="secondary" onClick={onExplore}>Explore without a wallet</button>
        </div>
      </div>
    </main>
  );
}
