import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FINAL_TX_STATUSES } from "../../../shared/contract/tx-constants.js";
import { useApi } from "../api/api-context.js";
import { apiFor } from "../api/background.js";
import { errorMessage, unwrap } from "../api/unwrap.js";
import { useAction } from "../api/use-action.js";
import { BroadcastNote } from "./BroadcastNote.js";
import { useHoldLeft } from "./use-hold-left.js";
import { BusyButton } from "./BusyButton.js";
import { useFocusAfter } from "./use-focus-after.js";

/**
 * The sent transaction followed to its end: held with a countdown and Cancel while main (or the
 * service) still holds it, then in the mempool counting down to its timeout from the live
 * `height`, then committed or failed with its code and log, cancelled or expired.
 */
export function MessagesSent({ txHash, onDone, doneLabel = "New staking action", height }: { txHash: string; onDone: () => void; doneLabel?: string; height?: string | null }) {
  const api = useApi();
  const client = useQueryClient();
  const key = ["sent", txHash];
  const tx = useQuery({
    queryKey: key,
    queryFn: (c) => unwrap(apiFor(api, c).tx.get({ id: txHash })),
    refetchInterval: (q) => (q.state.data && FINAL_TX_STATUSES.has(q.state.data.status) ? false : 1000),
  });
  const status = tx.data?.status ?? "broadcast";
  const left = useHoldLeft(status, tx.data?.holdUntil);
  // Cancelled, the button is gone: the keyboard goes to the tracker's title.
  const refocus = useFocusAfter<HTMLHeadingElement>(status !== "queued");
  const cancel = useAction(async () => {
    client.setQueryData(key, await unwrap(api.tx.cancel({ id: txHash })));
    refocus.arm();
  });
  return (
    <section className="tracker" data-testid="stake-tracker" data-status={status} aria-live="polite">
      <h2 ref={refocus.target} tabIndex={-1}>Sent</h2>
      <p>Transaction <code data-testid="stake-sent-hash">{txHash}</code>: <strong>{status}</strong>{tx.data?.height && ` in block ${tx.data.height}`}</p>
      {status === "queued" && <p data-testid="hold-countdown">{left > 0 ? `Held for ${left} more second${left === 1 ? "" : "s"} before it is sent; you can still cancel it.` : "The undo window has passed; it is about to be sent."}</p>}
      {status === "broadcast" && <BroadcastNote timeoutHeight={tx.data?.timeoutHeight} height={height} />}
      {status === "cancelled" && <p>Cancelled before it was sent: no node heard of it and no fee was paid.</p>}
      {tx.data?.log && <p className="field-error">{tx.data.code !== undefined ? `Code ${tx.data.code}: ` : ""}{tx.data.log}</p>}
      {cancel.error && !cancel.pending && <p role="alert" className="form-error" data-testid="cancel-error">{errorMessage(cancel.error)}</p>}
      <div className="row">
        {status === "queued" && <BusyButton type="button" className="danger" busy={cancel.pending} busyLabel="Cancelling…" onClick={() => void cancel.run()}>Cancel</BusyButton>}
        <a href={`#/tx/${txHash}`}>Open it in the explorer</a> <button type="button" onClick={onDone}>{doneLabel}</button>
      </div>
    </section>
  );
}
