/**
 * Binds the contract's methods to an ipcMain-shaped object: every call goes through the sender
 * check, then the core's dispatcher (which parses arguments and results). Kept free of the
 * electron import so unit tests can drive it with the real dispatcher.
 */
import { METHOD_NAMES } from "../../shared/contract/index.js";
import type { Dispatcher } from "../services/dispatcher.js";
import { callChannel } from "../ipc-channels.js";
import type { SenderInfo } from "./sender-check.js";

/** The part of an IpcMainInvokeEvent the sender check reads. */
export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** The part of Electron's ipcMain the binding uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, args: unknown, call?: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface BindingOptions {
  readonly dispatcher: Dispatcher;
  readonly webContentsId: number;
  readonly isTrustedSender: (sender: SenderInfo, mainWebContentsId: number) => boolean;
}

/** Registers one handler per contract method; returns the function that removes them. */
export function bindIpc(ipc: IpcMainLike, options: BindingOptions): () => void {
  for (const method of METHOD_NAMES) {
    ipc.handle(callChannel(method), (event, args, call) =>
      options.dispatcher.dispatch(method, args, () => options.isTrustedSender(senderInfo(event), options.webContentsId), { background: isBackground(call) }),
    );
  }
  return () => {
    for (const method of METHOD_NAMES) ipc.removeHandler(callChannel(method));
  };
}

/** The preload's second argument (shared/api.ts `CallOptions`), untrusted: only `{background: true}` counts. */
function isBackground(call: unknown): boolean {
  return typeof call === "object" && call !== null && (call as { background?: unknown }).background === true;
}

function senderInfo(event: InvokeEventLike): SenderInfo {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isTopFrame: frame !== null && frame.parent === null };
}
