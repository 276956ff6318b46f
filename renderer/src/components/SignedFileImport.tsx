import { useState } from "react";
import type { z } from "zod";
import type { CheckedSigned, MultisigProgress } from "../../../shared/contract/offline.js";
import type { Tx } from "../../../shared/contract/tx.js";
import type { AccountKind } from "../../../shared/wallet/account-kinds.js";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { useAction } from "../api/use-action.js";
import { BusyButton } from "./BusyButton.js";

type Checked = z.output<typeof CheckedSigned>;
type Progress = z.output<typeof MultisigProgress>;

/**
 * The way back of an export: the signed file (or each multisig member's) read, checked in main
 * and sent through the outbox and undo window like any other. Without `exportId`, main finds the
 * kept export the signed file answers (an export made before a restart). A multisig member whose
 * key is in this app's vault (`accounts` says each account's kind) signs with one press.
 */
export function SignedFileImport({ exportId, multisig, onSent, accounts = [] }: {
  exportId?: string;
  multisig?: Progress;
  onSent: (tx: Tx) => void;
  accounts?: ReadonlyArray<{ address: string; label: string; kind?: AccountKind }>;
}) {
  const api = useApi();
  const [checked, setChecked] = useState<Checked>();
  const [progress, setProgress] = useState<Progress | undefined>(multisig);
  const id = exportId ?? checked?.id;
  const readFile = async (file: File | undefined) => (file ? file.text() : undefined);
  const importSigned = useAction(async (text: string | undefined) => {
    if (!text) return;
    if (exportId && progress) setProgress(await unwrap(api.offline.addSignature({ id: exportId, text })));
    else setChecked(await unwrap(api.offline.checkSigned({ ...(exportId ? { id: exportId } : {}), text })));
  });
  const signAsMember = useAction(async (member: string) => {
    if (!exportId) return;
    setProgress(await unwrap(api.offline.signAsMember({ id: exportId, member })));
  });
  // Members the vault holds a key for (its phrase's accounts and imported keys), not signed yet.
  const inVault = (progress?.members ?? []).flatMap((m) => {
    const account = accounts.find((a) => a.address === m.address && (a.kind === undefined || a.kind === "vault" || a.kind === "imported"));
    return account && !m.signed ? [account] : [];
  });
  const send = useAction(async () => {
    if (!id) return;
    onSent(await unwrap(api.offline.send({ id })));
  });
  const signedCount = progress?.members.filter((m) => m.signed).length ?? 0;
  const ready = id && (checked || (progress && signedCount >= progress.threshold));
  return (
    <div className="stack">
      <label>
        {progress ? "Add a member's signature file" : "Import the signed file"}
        <input type="file" accept=".json,application/json" onChange={(e) => void readFile(e.target.files?.[0]).then((t) => importSigned.run(t))} />
      </label>
      {importSigned.error && <p role="alert" className="form-error">{importSigned.error}</p>}
      {inVault.map((a) => (
        <BusyButton key={a.address} type="button" className="secondary" busy={signAsMember.pending} busyLabel="Signing…" onClick={() => void signAsMember.run(a.address)}>Sign as member {a.label}</BusyButton>
      ))}
      {signAsMember.error && <p role="alert" className="form-error">{signAsMember.error}</p>}
      {checked && <p role="status">Checked: signed for this chain by the sender ({checked.mode}), transaction {checked.txHash}.</p>}
      {progress && <p role="status">{signedCount} of {progress.threshold} signatures needed: {progress.members.map((m) => `${m.address} ${m.signed ? "signed" : "not yet"}`).join("; ")}</p>}
      <BusyButton type="button" busy={send.pending} busyLabel="Sending…" disabled={!ready} onClick={() => void send.run()}>Send</BusyButton>
      {send.error && <p role="alert" className="form-error">{send.error}</p>}
    </div>
  );
}
