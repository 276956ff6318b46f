import type { Network } from "../../../shared/contract/network.js";
import type { Tx } from "../../../shared/contract/tx.js";
import { NOTIFIED_TX_STATUSES } from "../../../shared/contract/tx-constants.js";
import { formatCoin } from "../../../shared/wallet/amount.js";
import type { Notifier } from "../ports.js";

/** Turns a transaction's final status into a notification for the statuses a user waits for. */
export function createTxNotifier(notifier: Notifier, networkOf: (id: string) => Network) {
  return (networkId: string, tx: Tx): void => {
    if (!NOTIFIED_TX_STATUSES.has(tx.status)) return;
    let amount = tx.amount;
    try {
      const n = networkOf(networkId);
      amount = formatCoin(tx.amount, n.denoms, n.defaultDenom);
    } catch {
      // The network was removed meanwhile; the raw coin string is still right.
    }
    const short = `${tx.to.slice(0, 12)}…${tx.to.slice(-6)}`;
    if (tx.status === "committed") notifier.notify("Transfer committed", `${amount} to ${short} is in block ${tx.height ?? "?"}.`);
    else notifier.notify(`Transfer ${tx.status}`, `${amount} to ${short}: ${tx.log ? tx.log.slice(0, 200) : `code ${tx.code ?? "?"}`}`);
  };
}
