import type { CometdeskApi } from "../../../shared/api.js";
import type { Network } from "../../../shared/contract/network.js";
import { FINAL_TX_STATUSES, NOTIFIED_TX_STATUSES, TX_FOLLOW_MS, type TxStatus } from "../../../shared/contract/tx-constants.js";
import type { Notifier } from "../../../shared/notifier.js";

/** The browser's Notification API, only if the user allowed it; otherwise silent. */
export const browserNotifier: Notifier = {
  notify(title, body) {
    if (typeof Notification !== "undefined" && Notification.permission === "granted") new Notification(title, { body });
  },
};

let bridgeMode: Promise<boolean> | undefined;

/** Says a final status, unless it is the user's own doing (a cancel). */
function tell(notifier: Notifier, txHash: string, status: TxStatus): void {
  if (status === "committed") notifier.notify("Transfer committed", `Transaction ${txHash.slice(0, 12)}… is in a block.`);
  else if (NOTIFIED_TX_STATUSES.has(status)) notifier.notify(`Transfer ${status}`, `Transaction ${txHash.slice(0, 12)}… did not go through.`);
}

/**
 * In browser mode main has no desktop notifier, so the page follows this one transfer and
 * notifies itself when it commits or fails. In the app main does it (electron/main/desktop-io).
 * `tx` is the record main answered the submission with. The follow ends at a final status, or
 * when main stops following the transaction (TX_FOLLOW_MS, after which no event comes): a tab
 * kept open for a week holds no listener per transfer it ever sent.
 */
export function notifyWhenFinal(
  api: CometdeskApi,
  network: Network,
  tx: { readonly txHash: string; readonly status: TxStatus },
  notifier: Notifier = browserNotifier,
  followMs: number = TX_FOLLOW_MS,
): void {
  const { txHash } = tx;
  bridgeMode ??= api.app.info({}).then((a) => a.ok && a.value.bridge).catch(() => false);
  void bridgeMode.then((bridge) => {
    if (!bridge) return;
    if (typeof Notification !== "undefined" && Notification.permission === "default") void Notification.requestPermission();
    // Final already (refused as it was submitted): main sent that status before its answer came, so no event is to wait for.
    if (FINAL_TX_STATUSES.has(tx.status)) return tell(notifier, txHash, tx.status);
    const end = () => {
      clearTimeout(timer);
      stop();
    };
    const timer = setTimeout(end, followMs);
    const stop = api.on("tx.statusChanged", (e) => {
      if (e.txHash !== txHash || e.networkId !== network.id || !FINAL_TX_STATUSES.has(e.status)) return;
      // A final status ends the follow, notified or not (a cancelled send is the user's own doing).
      end();
      tell(notifier, txHash, e.status);
    });
  });
}
