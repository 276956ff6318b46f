import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Tx } from "../../../../shared/contract/tx.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { BusyButton } from "../../components/BusyButton.js";
import { CopyButton } from "../../components/CopyButton.js";
import { SignedFileImport } from "../../components/SignedFileImport.js";
import { useSelectedNetwork } from "../../queries/use-selected-network.js";
import { useSelectedAccount } from "../use-selected-account.js";
import { offlineKeys, offlineQueries } from "./export-queries.js";

/**
 * The exports main keeps until their signed file comes back, across restarts (docs/offline-signing.md):
 * a signed file imported here finds the export it answers; a multisig's export collects its
 * members' signatures; "Forget exports" clears the list.
 */
export function KeptExportsPanel() {
  const api = useApi();
  const client = useQueryClient();
  const { network } = useSelectedNetwork();
  const { accounts } = useSelectedAccount();
  const list = useQuery({ ...offlineQueries.exports(api, network?.id ?? ""), enabled: network !== undefined });
  const [said, setSaid] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: offlineKeys.all });
  const onSent = (tx: Tx) => {
    setSaid(`Sent: transaction ${tx.txHash} is ${tx.status}.`);
    void refresh();
  };
  const forget = useAction(async () => {
    const { forgotten } = await unwrap(api.offline.forgetExports({}));
    setSaid(forgotten === 1 ? "Forgot 1 export." : `Forgot ${forgotten} exports.`);
    await refresh();
  });
  const exports = list.data?.exports ?? [];
  if (exports.length === 0 && !said && !list.isError) return null;
  return (
    <section aria-labelledby="exports-title" className="panel stack">
      <h2 id="exports-title">Exports waiting for a signature</h2>
      {list.isError && <p role="alert">{errorMessage(list.error)}</p>}
      {exports.length > 0 && (
        <>
          <p className="muted">Kept across restarts until sent (the newest are kept). Import a signed file here and the app finds the export it answers.</p>
          <SignedFileImport key={exports.map((e) => e.id).join()} accounts={accounts} onSent={onSent} />
          <ul className="stack">
            {exports.map((e) => (
              <li key={e.id}>
                <details>
                  <summary>
                    <code>{e.filename}</code>: {e.review.messages.map((m) => m.title).join(", ")}{e.review.memo ? `, “${e.review.memo}”` : ""} ({new Date(e.createdAt).toLocaleString()})
                  </summary>
                  <div className="stack">
                    <pre className="wrap"><code>{e.command}</code></pre>
                    <CopyButton value={e.command} label={`Copy the signing command of ${e.filename}`} />
                    <SignedFileImport exportId={e.id} multisig={e.multisig} accounts={accounts} onSent={onSent} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <BusyButton type="button" className="secondary" busy={forget.pending} busyLabel="Forgetting…" onClick={() => void forget.run()}>Forget exports</BusyButton>
          {forget.error && <p role="alert" className="form-error">{forget.error}</p>}
        </>
      )}
      {said && <p role="status">{said}</p>}
    </section>
  );
}
