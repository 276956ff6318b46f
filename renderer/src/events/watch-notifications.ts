import type { CometdeskApi } from "../../../shared/api.js";
import type { EventPayload } from "../../../shared/events.js";

/**
 * In browser mode main has no desktop notifier: the page shows the watch's alerts itself, with
 * the browser's Notification API if the user allowed it. In the app main does it (its Notifier).
 * A snoozed alert notifies no one, as in main.
 */
export function notifyWatchAlerts(api: CometdeskApi, show: (title: string, body: string) => void = browserNotification): () => void {
  let bridge: boolean | undefined;
  void api.app.info({}).then((a) => (bridge = a.ok && a.value.bridge)).catch(() => (bridge = false));
  return api.on("watch.alert", (e: EventPayload<"watch.alert">) => {
    if (!bridge || e.alert.snoozedUntil !== null) return;
    if (e.change === "fired") show(e.alert.title, e.alert.message);
    if (e.change === "cleared") show(`Resolved: ${e.alert.title}`, e.alert.message);
  });
}

function browserNotification(title: string, body: string): void {
  if (typeof Notification !== "undefined" && Notification.permission === "granted") new Notification(title, { body });
}
