/**
 * The ipcMain side of the contract: every contract method bound through the sender check and
 * the core's dispatcher (ipc-binding.ts), and contract events forwarded to the main window.
 * The only main-process file that touches ipcMain (lint rule in eslint.config.js).
 */
import { type BrowserWindow, ipcMain } from "electron";
import type { Dispatcher } from "../services/dispatcher.js";
import type { EventHub } from "../services/event-hub.js";
import { eventChannel } from "../ipc-channels.js";
import { bindIpc } from "./ipc-binding.js";
import type { SenderInfo } from "./sender-check.js";

export interface IpcAdapterOptions {
  readonly dispatcher: Dispatcher;
  readonly events: EventHub;
  readonly window: BrowserWindow;
  readonly isTrustedSender: (sender: SenderInfo, mainWebContentsId: number) => boolean;
}

/** Registers every contract method and the event forwarding; returns the function that undoes it. */
export function registerIpc(options: IpcAdapterOptions): () => void {
  const { window } = options;
  const unbind = bindIpc(ipcMain, { dispatcher: options.dispatcher, webContentsId: window.webContents.id, isTrustedSender: options.isTrustedSender });
  const stopEvents = options.events.listen((event, payload) => {
    // webContents.send reaches the top frame only, never an embedded frame.
    if (!window.isDestroyed()) window.webContents.send(eventChannel(event), payload);
  });
  return () => {
    stopEvents();
    unbind();
  };
}
