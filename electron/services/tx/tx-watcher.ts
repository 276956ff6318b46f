import { FINAL_TX_STATUSES as FINAL, type Tx, type TxStatus } from "../../../shared/contract/tx.js";
import type { EventHub } from "../event-hub.js";

export interface TxWatcherOptions {
  readonly events: EventHub;
  readonly fetchTx: (networkId: string, txHash: string) => Promise<Tx>;
  readonly intervalMs?: number;
  /** Stop watching a transaction that is still pending after this long. */
  readonly giveUpMs?: number;
  /** Called once when a watched transaction reaches a final status (desktop notifications). */
  readonly onFinal?: (networkId: string, tx: Tx) => void;
}

/** Follows transactions submitted from this app and pushes `tx.statusChanged` until each is final. */
export function createTxWatcher(options: TxWatcherOptions) {
  const watched = new Map<string, NodeJS.Timeout>();
  const interval = options.intervalMs ?? 1_000;

  function watch(networkId: string, tx: Tx): void {
    const key = `${networkId}/${tx.txHash}`;
    if (watched.has(key) || FINAL.has(tx.status)) return;
    let status: TxStatus = tx.status;
    const deadline = Date.now() + (options.giveUpMs ?? 10 * 60_000);
    const tick = async () => {
      try {
        const now = await options.fetchTx(networkId, tx.txHash);
        if (now.status !== status) {
          options.events.emit("tx.statusChanged", { networkId, txHash: tx.txHash, status: now.status, previous: status });
          status = now.status;
          if (FINAL.has(status)) options.onFinal?.(networkId, now);
        }
      } catch {
        // A missed poll is retried on the next tick; the service keeps the record.
      }
      if (!watched.has(key)) return;
      if (FINAL.has(status) || Date.now() > deadline) watched.delete(key);
      else watched.set(key, setTimeout(() => void tick(), interval).unref());
    };
    watched.set(key, setTimeout(() => void tick(), interval).unref());
  }

  return {
    watch,
    stop(): void {
      for (const timer of watched.values()) clearTimeout(timer);
      watched.clear();
    },
  };
}
export type TxWatcher = ReturnType<typeof createTxWatcher>;
