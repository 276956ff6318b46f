import { CreateWallet } from "./CreateWallet.js";
import { DemoAccountImport } from "./DemoAccountImport.js";
import { ImportWallet } from "./ImportWallet.js";

/** A first-run step after the welcome screen: create a wallet, import a phrase, or use a demo account. */
export type FirstRunChoice = "create" | "import" | { readonly demo: string };

/**
 * The step the user chose. It is a chunk of its own, fetched while the welcome screen shows: the
 * window's first script then carries only what every start needs (the lock screen, the shell),
 * not the forms a wallet is made with once.
 */
export function FirstRunStep({ step, onCancel, onFinished }: { step: FirstRunChoice; onCancel: () => void; onFinished: () => void }) {
  if (typeof step === "object") return <DemoAccountImport name={step.demo} onCancel={onCancel} onFinished={onFinished} />;
  if (step === "create") return <CreateWallet onCancel={onCancel} onFinished={onFinished} />;
  return <ImportWallet onCancel={onCancel} onFinished={onFinished} />;
}
