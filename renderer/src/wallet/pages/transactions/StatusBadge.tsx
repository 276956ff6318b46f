import type { TxStatus } from "../../../../../shared/contract/tx.js";

const TONE: Record<TxStatus, string> = {
  queued: "pending", broadcast: "pending", committed: "ok", failed: "bad", rejected: "bad", expired: "muted", cancelled: "muted",
};

/** A status as a word and a colour; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: TxStatus }) {
  return <span className={`status-badge ${TONE[status]}`} data-testid="tx-status">{status}</span>;
}
