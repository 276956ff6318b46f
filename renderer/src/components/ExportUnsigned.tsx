import { useState } from "react";
import type { z } from "zod";
import type { CheckedSigned, UnsignedExportResult } from "../../../shared/contract/offline.js";
import type { PrepareArgs, Tx } from "../../../shared/contract/tx.js";
import type { AccountKind } from "../../../shared/wallet/account-kinds.js";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { useAction } from "../api/use-action.js";
import { BusyButton } from "./BusyButton.js";
import { CopyButton } from "./CopyButton.js";

type Exported = z.output<typeof UnsignedExportResult>;
type Checked = z.output<typeof CheckedSigned>;

/**
 * For an account that cannot sign here (watch-only, multisig) or by choice: the prepared
 * transaction written as the SDK's unsigned JSON, the `simd tx sign --offline` command that signs
 * it, then the signed file (or each multisig member's) read back, checked in main, and sent
 * through the outbox and undo window like any other. A multisig member whose key is in this
 * app's vault (`accounts` says each account's kind) signs with one press.
 */
export function ExportUnsigned({ args, onSent, accounts = [] }: { args: PrepareArgs; onSent: (tx: Tx) => void; accounts?: ReadonlyArray<{ address: string; label: string; kind?: AccountKind }> }) {
  const api = useApi();
  const [exported, setExported] = useState<Exported>();
  const [checked, setChecked] = useState<Checked>();
  const [progress, setProgress] = useState<Exported["multisig"]>();
  const exportFile = useAction(async () => {
    const value = await unwrap(api.offline.exportUnsigned(args));
    setExported(value);
    setProgress(value.multisig);
    setChecked(undefined);
  });
  const readFile = async (file: File | undefined) => (file ? file.text() : undefined);
  const importSigned = useAction(async (text: string | undefined) => {
    if (!exported || !text) return;
    if (exported.multisig) setProgress(await unwrap(api.offline.addSignature({ id: exported.id, text })));
    else setChecked(await unwrap(api.offline.checkSigned({ id: exported.id, text })));
  });
  const signAsMember = useAction(async (member: string) => {
    if (!exported) return;
    setProgress(await unwrap(api.offline.signAsMember({ id: exported.id, member })));
  });
  // Members the vault holds a key for (its phrase's accounts and imported keys), not signed yet.
  const inVault = (progress?.members ?? []).flatMap((m) => {
    const account = accounts.find((a) => a.address === m.address && (a.kind === undefined || a.kind === "vault" || a.kind === "imported"));
    return account && !m.signed ? [account] : [];
  });
  const send = useAction(async () => {
    if (!exported) return;
    onSent(await unwrap(api.offline.send({ id: exported.id })));
  });
  const signedCount = progress?.members.filter((m) => m.signed).length ?? 0;
  const ready = exported && (checked || (progress && signedCount >= progress.threshold));
  return (
    <section className="stack" aria-label="Sign elsewhere">
      <BusyButton type="button" className="secondary" busy={exportFile.pending} busyLabel="Exporting…" onClick={() => void exportFile.run()}>Export unsigned</BusyButton>
      {exportFile.error && <p role="alert" className="form-error">{exportFile.error}</p>}
      {exported && (
        <div className="stack">
          <p>{exported.saved ? `Saved ${exported.path ?? exported.filename}.` : "The unsigned file is ready."} Sign it where the key is:</p>
          <pre className="wrap"><code>{exported.command}</code></pre>
          <CopyButton value={exported.command} label="Copy the signing command" />
          {exported.json && <a download={exported.filename} href={`data:application/json;charset=utf-8,${encodeURIComponent(exported.json)}`}>Download {exported.filename}</a>}
          <label>
            {exported.multisig ? "Add a member's signature file" : "Import the signed file"}
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
      )}
    </section>
  );
}
