import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { useApi } from "../api/api-context.js";
import { page } from "../components/lazy-page.js";
import { Loading } from "../components/states.js";
import { walletQueries } from "../queries/wallet-queries.js";
import type { FirstRunChoice } from "./FirstRunStep.js";

const Step = page(() => import("./FirstRunStep.js").then((m) => m.FirstRunStep));

/** No vault yet: create one, import a recovery phrase, or explore the chain without keys. */
export function FirstRun({ onExplore, onFinished }: { onExplore: () => void; onFinished: () => void }) {
  const api = useApi();
  const demo = useQuery(walletQueries.demoAccounts(api));
  const [step, setStep] = useState<FirstRunChoice | "choose">("choose");
  // The steps' chunk is fetched while the choice is on screen, so a click shows its step at once.
  useEffect(() => void Step.preload().catch(() => undefined), []);
  if (step !== "choose") {
    return (
      <Suspense fallback={<main className="centered"><Loading what="the form" /></main>}>
        <Step step={step} onCancel={() => setStep("choose")} onFinished={onFinished} />
      </Suspense>
    );
  }
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
