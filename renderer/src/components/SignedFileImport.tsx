import { useEffect, useState } from "react";
import type { z } from "zod";
import type { CheckedSigned, MultisigProgress } from "../../../shared/contract/offline.js";
import type { Tx } from "../../../shared/contract/tx.js";
import { type AccountKind, membersToSignHere } from "../../../shared/wallet/account-kinds.js";
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
 * key is here (`accounts` says each account's kind), in the vault or on a Ledger, signs with one
 * press; for a Ledger the device's words ("Confirm on your Ledger…") show while it waits.
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
  const [deviceWords, setDeviceWords] = useState<string | undefined>();
  const signAsMember = useAction(async (member: string) => {
    if (!exportId) return;
    try {
      setProgress(await unwrap(api.offline.signAsMember({ id: exportId, member })));
    } finally {
      setDeviceWords(undefined);
    }
  });
  // While a Ledger member signs, the device's words: check its screens, then Approve or Reject.
  useEffect(() => api.on("ledger.progress", (p) => setDeviceWords(p.stage === "confirm" && p.operation === "sign" ? p.message : undefined)), [api]);
  // Members this app holds a key for (the vault's phrase accounts and imported keys, a Ledger's), not signed yet.
  const signable = membersToSignHere(progress?.members ?? [], accounts);
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
      {signable.map((a) => (
        <BusyButton key={a.address} type="button" className="secondary" busy={signAsMember.pending} busyLabel={a.kind === "ledger" ? "Waiting for the Ledger…" : "Signing…"} onClick={() => void signAsMember.run(a.address)}>
          {a.kind === "ledger" ? `Sign on the Ledger as member ${a.label}` : `Sign as member ${a.label}`}
        </BusyButton>
      ))}
      {signAsMember.pending && deviceWords && <p role="status" aria-live="polite" data-testid="ledger-waiting">{deviceWords}</p>}
      {signAsMember.error && <p role="alert" className="form-error">{signAsMember.error}</p>}
      {checked && <p role="status">Checked: signed for this chain by the sender ({checked.mode}), transaction {checked.txHash}.</p>}
      {progress && <p role="status">{signedCount} of {progress.threshold} signatures needed: {progress.members.map((m) => `${m.address} ${m.signed ? "signed" : "not yet"}`).join("; ")}</p>}
      <BusyButton type="button" busy={send.pending} busyLabel="Sending…" disabled={!ready} onClick={() => void send.run()}>Send</BusyButton>
      {send.error && <p role="alert" className="form-error">{send.error}</p>}
    </div>
  );
}
