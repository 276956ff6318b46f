import type { CometdeskApi } from "../../../shared/api.js";
import type { Network } from "../../../shared/contract/network.js";
import { FINAL_TX_STATUSES, NOTIFIED_TX_STATUSES } from "../../../shared/contract/tx-constants.js";
import type { Notifier } from "../../../shared/notifier.js";

/** The browser's Notification API, only if the user allowed it; otherwise silent. */
export const browserNotifier: Notifier = {
  notify(title, body) {
    if (typeof Notification !== "undefined" && Notification.permission === "granted") new Notification(title, { body });
  },
};

let bridgeMode: Promise<boolean> | undefined;

/**
 * In browser mode main has no desktop notifier, so the page follows this one transfer and
 * notifies itself when it commits or fails. In the app main does it (electron/main/desktop-io).
 */
export function notifyWhenFinal(api: CometdeskApi, network: Network, txHash: string, notifier: Notifier = browserNotifier): void {
  bridgeMode ??= api.app.info({}).then((a) => a.ok && a.value.bridge).catch(() => false);
  void bridgeMode.then((bridge) => {
    if (!bridge) return;
    if (typeof Notification !== "undefined" && Notification.permission === "default") void Notification.requestPermission();
    const stop = api.on("tx.statusChanged", (e) => {
      if (e.txHash !== txHash || e.networkId !== network.id || !FINAL_TX_STATUSES.has(e.status)) return;
      // A final status ends the follow, notified or not (a cancelled send is the user's own doing).
      stop();
      if (e.status === "committed") notifier.notify("Transfer committed", `Transaction ${txHash.slice(0, 12)}… is in a block.`);
      else if (NOTIFIED_TX_STATUSES.has(e.status)) notifier.notify(`Transfer ${e.status}`, `Transaction ${txHash.slice(0, 12)}… did not go through.`);
    });
  });
}
