import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { PrepareArgs, Tx } from "../../../../../shared/contract/tx.js";
import { useApi } from "../../../api/api-context.js";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { txKeys, txQueries } from "../../../queries/tx-queries.js";
import { inertText } from "../../inert-text.js";
import type { Network } from "../../../../../shared/contract/network.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { useAction } from "../../../api/use-action.js";
import { txActions } from "../../tx-actions.js";
import { StatusBadge } from "./StatusBadge.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { useFocusAfter } from "../../../components/use-focus-after.js";

/**
 * A transfer's status history (GET /transactions/{id}), in a dialog that Escape closes, with the
 * actions its state allows: Cancel while it is queued; for a send refused for its fee, prepare its
 * messages again at the price the node asks for now (`tx.repriceRequest`, then the review).
 */
export function TxHistory({ network, tx, onClose, onReprice }: { network: Network; tx: Tx; onClose: () => void; onReprice: (args: PrepareArgs) => void }) {
  const api = useApi();
  const client = useQueryClient();
  const detail = useQuery(txQueries.detail(api, network.id, tx.txHash));
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const shown = detail.data ?? tx;
  // Cancelled, the button is gone: the keyboard goes to the line that says the status now.
  const refocus = useFocusAfter<HTMLParagraphElement>(!txActions(shown).cancel);
  const cancel = useAction(async () => {
    try {
      client.setQueryData(txKeys.detail(network.id, tx.txHash), await unwrap(api.tx.cancel({ id: tx.txHash })));
      refocus.arm();
    } finally {
      void client.invalidateQueries({ queryKey: txKeys.all(network.id) });
    }
  });
  const reprice = useAction(async () => onReprice(await unwrap(api.tx.repriceRequest({ id: tx.txHash }))));
  const repriceAt = txActions(shown).repriceAt;
  return (
    <dialog ref={dialog} className="tx-history" aria-labelledby="tx-history-title" onClose={onClose} data-status={shown.status}>
      <h2 id="tx-history-title">Status history</h2>
      <p><code className="address">{tx.txHash}</code></p>
      <p ref={refocus.target} tabIndex={-1} data-testid="tx-history-now">Now: <StatusBadge status={shown.status} />{shown.code !== undefined && shown.code !== 0 && <> — code {shown.code}{shown.codespace ? ` (${shown.codespace})` : ""}</>}</p>
      {shown.log && <pre className="tx-log">{inertText(shown.log)}</pre>}
      {detail.isPending && <p aria-busy="true">Loading the history…</p>}
      {detail.isError && <p role="alert">{errorMessage(detail.error)}</p>}
      <ol className="history" data-testid="tx-history">
        {(shown.history ?? []).map((h, i) => (
          <li key={i}><StatusBadge status={h.status} /> <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time>{h.detail && <span className="muted"> — {inertText(h.detail)}</span>}</li>
        ))}
      </ol>
      {cancel.error && !cancel.pending && <AccessProblemView error={cancel.failure} networkName={network.name} testId="cancel-error" />}
      {reprice.error && !reprice.pending && <p className="field-error" role="alert" data-testid="reprice-error">{reprice.error}</p>}
      <div className="row">
        {txActions(shown).cancel && <BusyButton type="button" className="danger" busy={cancel.pending} busyLabel="Cancelling…" onClick={() => void cancel.run()}>Cancel transfer</BusyButton>}
        {repriceAt && <BusyButton type="button" busy={reprice.pending} busyLabel="Reading the transaction…" onClick={() => void reprice.run()} testId="tx-reprice">Prepare again at {repriceAt} per gas</BusyButton>}
        <form method="dialog"><button type="submit" autoFocus>Close</button></form>
      </div>
    </dialog>
  );
}
