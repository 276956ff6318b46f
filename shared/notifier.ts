/**
 * A desktop notification: Electron's Notification in the app (electron/main), the browser's
 * Notification API in browser mode (renderer/src/wallet/tx-notifications.ts).
 */
export interface Notifier {
  notify(title: string, body: string): void;
}
