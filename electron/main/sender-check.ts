/**
 * Which IPC senders main answers. Threat: a frame that is not the app's own top-level page
 * (an iframe, a navigated-away page, another window) calling into the vault or the token store.
 */
import { isAppUrl } from "./app-protocol.js";

/** What an IPC event says about its sender, lifted out of Electron's IpcMainInvokeEvent. */
export interface SenderInfo {
  readonly webContentsId: number;
  /** The sending frame's URL; undefined when the frame is gone. */
  readonly frameUrl: string | undefined;
  /** True when the sending frame is its page's top frame. */
  readonly isTopFrame: boolean;
}

export interface TrustedSender {
  readonly webContentsId: number;
  /** Extra origins (Vite's dev server) besides app://cometdesk. */
  readonly devOrigins?: readonly string[];
}

/** True when the message comes from the main window's top frame on the app origin. */
export function isTrustedSender(sender: SenderInfo, trusted: TrustedSender): boolean {
  if (sender.webContentsId !== trusted.webContentsId || !sender.isTopFrame || sender.frameUrl === undefined) return false;
  if (isAppUrl(sender.frameUrl)) return true;
  try {
    return (trusted.devOrigins ?? []).includes(new URL(sender.frameUrl).origin);
  } catch {
    return false;
  }
}
