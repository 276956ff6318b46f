import { useMutation, useQuery } from "@tanstack/react-query";
import { FINAL_TX_STATUSES } from "../../../../shared/contract/tx.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";

/**
 * The sent transaction followed to its end: committed or failed with its code and log, or
 * expired. Through an access service it is first held (queued) for the service's undo window,
 * and may be cancelled until then; sent to the nodes it is broadcast at once.
 */
export function StakeSent({ txHash, onDone }: { txHash: string; onDone: () => void }) {
  const api = useApi();
  const tx = useQuery({
    queryKey: ["staking", "sent", txHash],
    queryFn: () => unwrap(api.tx.get({ id: txHash })),
    refetchInterval: (q) => (q.state.data && FINAL_TX_STATUSES.has(q.state.data.status) ? false : 1000),
  });
  const cancel = useMutation({ mutationFn: () => unwrap(api.tx.cancel({ id: txHash })), onSettled: () => void tx.refetch() });
  const status = tx.data?.status ?? "broadcast";
  return (
    <section className="tracker" data-testid="stake-tracker" data-status={status} aria-live="polite">
      <h2>Sent</h2>
      <p>Transaction <code data-testid="stake-sent-hash">{txHash}</code>: <strong>{status}</strong>{tx.data?.height && ` in block ${tx.data.height}`}{tx.data?.holdUntil && status === "queued" && ` (held until ${new Date(tx.data.holdUntil).toLocaleTimeString()})`}</p>
      {tx.data?.log && <p className="field-error">Code {tx.data.code}: {tx.data.log}</p>}
      {cancel.error && <p className="field-error" role="alert">{cancel.error.message}</p>}
      <div className="row">
        {/* Only a held transaction can be taken back: once broadcast, a Cosmos chain cannot. */}
        {status === "queued" && <button type="button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>Cancel</button>}
        <a href={`#/tx/${txHash}`}>Open it in the explorer</a> <button type="button" onClick={onDone}>New staking action</button>
      </div>
    </section>
  );
}
