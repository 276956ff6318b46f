import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Network } from "../../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import type { Tx } from "../../../../../shared/contract/tx.js";
import { FINAL_TX_STATUSES } from "../../../../../shared/contract/tx-constants.js";
import { type DenomUnit, formatCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { txKeys, txQueries } from "../../../queries/tx-queries.js";
import { txDetailHash } from "../../../links/routes.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { inertText } from "../../inert-text.js";
import { txActions } from "../../tx-actions.js";
import { BroadcastNote } from "../../../components/BroadcastNote.js";
import { useHoldLeft } from "../../../components/use-hold-left.js";
import { useLastHeight } from "../../../queries/chain-queries.js";
import { StatusBadge } from "../transactions/StatusBadge.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { useFocusAfter } from "../../../components/use-focus-after.js";

/** A submitted transfer: queued with the hold countdown and Cancel, then broadcast (no Cancel: it cannot be), then final. */
export function SendTracker({ tx: first, info, network, units, onDone }: { tx: Tx; info: ResultOf<"tx.info">; network: Network; units: readonly DenomUnit[]; onDone: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const detail = useQuery({
    ...txQueries.detail(api, network.id, first.txHash),
    initialData: first,
    // Events from main invalidate it; the interval covers a missed one while it is pending.
    refetchInterval: (q) => (q.state.data && FINAL_TX_STATUSES.has(q.state.data.status) ? false : 2_000),
  });
  const tx = detail.data ?? first;
  const height = useLastHeight(api, network.id);
  const left = useHoldLeft(tx.status, tx.holdUntil);
  // Cancelled, the button is gone: the keyboard goes to the title, which says so.
  const refocus = useFocusAfter<HTMLHeadingElement>(!txActions(tx).cancel);
  const cancel = useAction(async () => {
    try {
      client.setQueryData(txKeys.detail(network.id, tx.txHash), await unwrap(api.tx.cancel({ id: tx.txHash })));
      refocus.arm();
    } catch (e) {
      void detail.refetch();
      throw e;
    }
  });
  return (
    <section className="tracker" aria-labelledby="tracker-title" data-testid="send-tracker" data-status={tx.status}>
      <h2 id="tracker-title" ref={refocus.target} tabIndex={-1}>Transfer {tx.status}</h2>
      <p aria-live="polite"><StatusBadge status={tx.status} /> {formatCoin(tx.amount, units, info.defaultDenom)} to <code>{tx.to}</code></p>
      <p>Transaction <a href={txDetailHash(tx.txHash)}><code data-testid="sent-hash">{tx.txHash}</code></a></p>
      {tx.status === "queued" && <p data-testid="hold-countdown">{left > 0 ? `Held ${network.accessUrl ? "by the service" : "by this app"} for ${left} more second${left === 1 ? "" : "s"}; you can still cancel it.` : "The hold window has passed; it is about to be broadcast (or waits for an earlier transfer)."}</p>}
      {tx.status === "broadcast" && <BroadcastNote timeoutHeight={tx.timeoutHeight} height={height} />}
      {tx.status === "committed" && <p>Committed in block {tx.height}.</p>}
      {(tx.status === "failed" || tx.status === "rejected") && (
        <div role="alert" className="state-error">
          <p>The chain refused it with code {tx.code ?? "?"}{tx.codespace ? ` (${tx.codespace})` : ""}.</p>
          {tx.log && <pre className="tx-log">{inertText(tx.log)}</pre>}
        </div>
      )}
      {tx.status === "cancelled" && <p>Cancelled before broadcast: nothing was sent and no fee was paid.</p>}
      {tx.status === "expired" && <p>Expired without being included; nothing was transferred.{tx.log ? ` ${tx.log}` : ""}</p>}
      {cancel.error && !cancel.pending && <AccessProblemView error={cancel.failure} networkName={network.name} testId="cancel-error" />}
      <div className="row">
        {txActions(tx).cancel && <BusyButton type="button" className="danger" busy={cancel.pending} busyLabel="Cancelling…" onClick={() => void cancel.run()}>Cancel transfer</BusyButton>}
        <button type="button" className="secondary" onClick={onDone}>New transfer</button>
        <a href="#/transactions">All transactions</a>
      </div>
    </section>
  );
}
