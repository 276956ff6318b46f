import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Tx } from "../../../../../shared/contract/tx.js";
import { useApi } from "../../../api/api-context.js";
import { errorMessage } from "../../../api/unwrap.js";
import { txQueries } from "../../../queries/tx-queries.js";
import { inertText } from "../../inert-text.js";
import { StatusBadge } from "./StatusBadge.js";

/** A transfer's status history (GET /transactions/{id}), in a dialog that Escape closes. */
export function TxHistory({ networkId, tx, onClose }: { networkId: string; tx: Tx; onClose: () => void }) {
  const api = useApi();
  const detail = useQuery(txQueries.detail(api, networkId, tx.txHash));
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const shown = detail.data ?? tx;
  return (
    <dialog ref={dialog} className="tx-history" aria-labelledby="tx-history-title" onClose={onClose}>
      <h2 id="tx-history-title">Status history</h2>
      <p><code className="address">{tx.txHash}</code></p>
      <p>Now: <StatusBadge status={shown.status} />{shown.code !== undefined && shown.code !== 0 && <> — code {shown.code}{shown.codespace ? ` (${shown.codespace})` : ""}</>}</p>
      {shown.log && <pre className="tx-log">{inertText(shown.log)}</pre>}
      {detail.isPending && <p aria-busy="true">Loading the history…</p>}
      {detail.isError && <p role="alert">{errorMessage(detail.error)}</p>}
      <ol className="history" data-testid="tx-history">
        {(shown.history ?? []).map((h, i) => (
          <li key={i}><StatusBadge status={h.status} /> <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time>{h.detail && <span className="muted"> — {inertText(h.detail)}</span>}</li>
        ))}
      </ol>
      <form method="dialog"><button type="submit" autoFocus>Close</button></form>
    </dialog>
  );
}
