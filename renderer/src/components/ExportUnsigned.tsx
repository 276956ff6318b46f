import { useState } from "react";
import type { z } from "zod";
import type { UnsignedExportResult } from "../../../shared/contract/offline.js";
import type { PrepareArgs, Tx } from "../../../shared/contract/tx.js";
import type { AccountKind } from "../../../shared/wallet/account-kinds.js";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { useAction } from "../api/use-action.js";
import { BusyButton } from "./BusyButton.js";
import { CopyButton } from "./CopyButton.js";
import { SignedFileImport } from "./SignedFileImport.js";

type Exported = z.output<typeof UnsignedExportResult>;

/**
 * For an account that cannot sign here (watch-only, multisig) or by choice: the prepared
 * transaction written as the SDK's unsigned JSON and the `simd tx sign --offline` command that
 * signs it, then the signed file read back (SignedFileImport). For a multisig, `accounts` (the
 * wallet's, with their kinds) lets a member whose key is here, in the vault or on a Ledger, sign
 * it in place. Main keeps the export across a restart: the Wallet page lists it, and its signed
 * file can come back there.
 */
export function ExportUnsigned({ args, onSent, accounts = [] }: { args: PrepareArgs; onSent: (tx: Tx) => void; accounts?: ReadonlyArray<{ address: string; label: string; kind?: AccountKind }> }) {
  const api = useApi();
  const [exported, setExported] = useState<Exported>();
  const exportFile = useAction(async () => {
    setExported(await unwrap(api.offline.exportUnsigned(args)));
  });
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
          <SignedFileImport key={exported.id} exportId={exported.id} multisig={exported.multisig} accounts={accounts} onSent={onSent} />
        </div>
      )}
    </section>
  );
}
