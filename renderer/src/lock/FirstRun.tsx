import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../api/api-context.js";
import { walletQueries } from "../queries/wallet-queries.js";
import { CreateWallet } from "./CreateWallet.js";
import { DemoAccountImport } from "./DemoAccountImport.js";
import { ImportWallet } from "./ImportWallet.js";

type Step = "choose" | "create" | "import" | { demo: string };

/** No vault yet: create one, import a recovery phrase, or explore the chain without keys. */
export function FirstRun({ onExplore, onFinished }: { onExplore: () => void; onFinished: () => void }) {
  const api = useApi();
  const demo = useQuery(walletQueries.demoAccounts(api));
  const [step, setStep] = useState<Step>("choose");
  if (typeof step === "object") return <DemoAccountImport name={step.demo} onCancel={() => setStep("choose")} onFinished={onFinished} />;
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
        <DemoGroup
          id="demo-title"
          title="Local devnet demo accounts"
          about="Funded test accounts of your local chain. Their keys are public: use them only on the devnet."
          accounts={demo.data?.accounts.filter((a) => !a.operator) ?? []}
          onPick={(name) => setStep({ demo: name })}
        />
        <DemoGroup
          id="demo-operators-title"
          title="Local devnet validator keys"
          about="Each operates one of your local chain's validators. Open the wallet on one to try My validator: edit the validator, withdraw its commission, and unjail it if the chain jails it. These keys are public too: use them only on the devnet."
          accounts={demo.data?.accounts.filter((a) => a.operator) ?? []}
          onPick={(name) => setStep({ demo: name })}
        />
      </div>
    </main>
  );
}

function DemoGroup(props: { id: string; title: string; about: string; accounts: ReadonlyArray<{ name: string; address: string }>; onPick: (name: string) => void }) {
  if (props.accounts.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.about}</p>
      <div className="stack">
        {props.accounts.map((a) => (
          <button type="button" key={a.name} className="secondary" onClick={() => props.onPick(a.name)} aria-label={`Use the demo account ${a.name}, ${a.address}`}>
            Use {a.name} <code>{a.address}</code>
          </button>
        ))}
      </div>
    </section>
  );
}
