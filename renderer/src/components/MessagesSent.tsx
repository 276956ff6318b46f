import { useQuery } from "@tanstack/react-query";
import { FINAL_TX_STATUSES } from "../../../shared/contract/tx.js";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";

/** The broadcast transaction followed to its end: committed or failed with its code and log, or expired. */
export function MessagesSent({ txHash, onDone, doneLabel = "New staking action" }: { txHash: string; onDone: () => void; doneLabel?: string }) {
  const api = useApi();
  const tx = useQuery({
    queryKey: ["sent", txHash],
    queryFn: () => unwrap(api.tx.get({ id: txHash })),
    refetchInterval: (q) => (q.state.data && FINAL_TX_STATUSES.has(q.state.data.status) ? false : 1000),
  });
  const status = tx.data?.status ?? "broadcast";
  return (
    <section className="tracker" data-testid="stake-tracker" data-status={status} aria-live="polite">
      <h2>Sent</h2>
      <p>Transaction <code data-testid="stake-sent-hash">{txHash}</code>: <strong>{status}</strong>{tx.data?.height && ` in block ${tx.data.height}`}</p>
      {tx.data?.log && <p className="field-error">Code {tx.data.code}: {tx.data.log}</p>}
      <div className="row"><a href={`#/tx/${txHash}`}>Open it in the explorer</a> <button type="button" onClick={onDone}>{doneLabel}</button></div>
    </section>
  );
}
