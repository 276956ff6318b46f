import type { Tx } from "../../../shared/contract/tx.js";
import { FINAL_TX_STATUSES as FINAL, TX_FOLLOW_MS, type TxStatus } from "../../../shared/contract/tx-constants.js";
import type { EventHub } from "../event-hub.js";
import type { ChainTx } from "../live/tx-frames.js";

export interface TxWatcherOptions {
  readonly events: EventHub;
  readonly fetchTx: (networkId: string, txHash: string) => Promise<Tx>;
  readonly intervalMs?: number;
  /** Stop watching a transaction that is still pending after this long. */
  readonly giveUpMs?: number;
  /** Called once when a watched transaction reaches a final status (desktop notifications). */
  readonly onFinal?: (networkId: string, tx: Tx) => void;
}

/** How many of the app's transactions the chain settled are kept for `overlay`, the oldest dropped first. */
const KEEP_SETTLED = 1_000;

const settledStatus = (c: ChainTx): TxStatus => (c.code === 0 ? "committed" : "failed");

/**
 * Follows transactions submitted from this app and pushes `tx.statusChanged` until each is final,
 * the first with `previous: null` as the transaction is submitted.
 * The chain's own word comes first: a watched transaction found in a block the live feed announces
 * (`settleBlock`, from the node's NewBlock frame) is committed or failed at once, and `overlay` shows it so in what the
 * access service answers until the service, which follows the chain on a poll of its own, says
 * so too. Polling the service by id stays for what the feed does not see (a websocket that is
 * down, a network not selected) and for the full record the notification shows.
 */
export function createTxWatcher(options: TxWatcherOptions) {
  const watched = new Map<string, { networkId: string; status: TxStatus; timer: NodeJS.Timeout | undefined }>();
  const settled = new Map<string, ChainTx & { readonly at: string }>();
  const interval = options.intervalMs ?? 1_000;
  const keyOf = (networkId: string, txHash: string) => `${networkId}/${txHash.toUpperCase()}`;

  function changeTo(networkId: string, txHash: string, next: TxStatus): void {
    const entry = watched.get(keyOf(networkId, txHash));
    if (!entry || entry.status === next) return;
    const previous = entry.status;
    entry.status = next;
    options.events.emit("tx.statusChanged", { networkId, txHash, status: next, previous });
  }

  function watch(networkId: string, tx: Tx): void {
    const key = keyOf(networkId, tx.txHash);
    if (watched.has(key)) return;
    // A list already open (another page's, another tab's) shows it now, and its commit then
    // changes that row in place, instead of both waiting for the commit's refetch.
    try {
      options.events.emit("tx.statusChanged", { networkId, txHash: tx.txHash, status: tx.status, previous: null });
    } catch {
      // The service named it with something that is not a hash: the event refuses it, and the
      // submission it follows has gone through all the same.
    }
    if (FINAL.has(tx.status)) return;
    const entry = { networkId, status: tx.status, timer: undefined as NodeJS.Timeout | undefined };
    watched.set(key, entry);
    const deadline = Date.now() + (options.giveUpMs ?? TX_FOLLOW_MS);
    const tick = async () => {
      let done = false;
      try {
        const record = await options.fetchTx(networkId, tx.txHash);
        changeTo(networkId, tx.txHash, overlay(networkId, record).status);
        // Polled until the service's own record is final, even when the chain said so first:
        // the notification shows the service's full record.
        if (FINAL.has(record.status)) {
          done = true;
          options.onFinal?.(networkId, record);
        }
      } catch {
        // A missed poll is retried on the next tick; the service keeps the record.
      }
      if (watched.get(key) !== entry) return;
      if (done || Date.now() > deadline) watched.delete(key);
      else entry.timer = setTimeout(() => void tick(), interval).unref();
    };
    entry.timer = setTimeout(() => void tick(), interval).unref();
  }

  /** Overlays what the chain said of `tx` on a record the service has not settled yet. */
  function overlay(networkId: string, tx: Tx): Tx {
    if (FINAL.has(tx.status)) return tx;
    const chain = settled.get(keyOf(networkId, tx.txHash));
    if (!chain) return tx;
    const status = settledStatus(chain);
    const detail = status === "committed" ? `included at height ${chain.height}` : `included at height ${chain.height} and failed: ${chain.log ?? ""}`;
    return {
      ...tx, status, height: chain.height, code: chain.code,
      ...(chain.codespace ? { codespace: chain.codespace } : {}),
      ...(chain.log !== undefined ? { log: chain.log } : {}),
      ...(tx.history ? { history: [...tx.history, { status, at: chain.at, detail }] } : {}),
    };
  }

  return {
    watch,
    /**
     * A block landed on `networkId`: each watched transaction among `txs` is settled now. The
     * block's transactions are read and hashed only while one of the app's own waits on that
     * network, so a busy chain's blocks cost nothing the rest of the time. `txs` may read (a
     * frame without results has them read by height), so the block settles when it answers.
     */
    async settleBlock(networkId: string, txs: () => readonly ChainTx[] | Promise<readonly ChainTx[]>): Promise<void> {
      if (![...watched.values()].some((e) => e.networkId === networkId && !FINAL.has(e.status))) return;
      const at = new Date().toISOString();
      // A block whose results could not be read settles nothing: the poll of the service still does.
      const landed = await Promise.resolve()
        .then(txs)
        .catch(() => []);
      for (const tx of landed) {
        const key = keyOf(networkId, tx.txHash);
        if (!watched.has(key)) continue;
        settled.delete(key);
        settled.set(key, { ...tx, at });
        while (settled.size > KEEP_SETTLED) settled.delete(settled.keys().next().value!);
        changeTo(networkId, tx.txHash, settledStatus(tx));
      }
    },
    overlay,
    stop(): void {
      for (const entry of watched.values()) clearTimeout(entry.timer);
      watched.clear();
    },
  };
}
export type TxWatcher = ReturnType<typeof createTxWatcher>;
