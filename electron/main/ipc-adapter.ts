/**
 * The ipcMain side of the contract: one handler per contract method, each passing through the
 * core's dispatcher with a sender check, and contract events forwarded to the main window.
 * The only main-process file that touches ipcMain (lint rule in eslint.config.js).
 */
import { type BrowserWindow, type IpcMainInvokeEvent, ipcMain } from "electron";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import type { Dispatcher } from "../services/dispatcher.js";
import type { EventHub } from "../services/event-hub.js";
import { callChannel, eventChannel } from "../ipc-channels.js";
import type { SenderInfo } from "./sender-check.js";

export interface IpcAdapterOptions {
  readonly dispatcher: Dispatcher;
  readonly events: EventHub;
  readonly window: BrowserWindow;
  readonly isTrustedSender: (sender: SenderInfo, mainWebContentsId: number) => boolean;
}

/** Registers every contract method and the event forwarding; returns the function that undoes it. */
export function registerIpc(options: IpcAdapterOptions): () => void {
  const { dispatcher, events, window } = options;
  const webContentsId = window.webContents.id;
  for (const method of METHOD_NAMES) {
    ipcMain.handle(callChannel(method), (event, args: unknown) =>
      dispatcher.dispatch(method, args, () => options.isTrustedSender(senderInfo(event), webContentsId)),
    );
  }
  const stopEvents = events.listen((event, payload) => {
    // webContents.send reaches the top frame only, never an embedded frame.
    if (!window.isDestroyed()) window.webContents.send(eventChannel(event), payload);
  });
  return () => {
    stopEvents();
    for (const method of METHOD_NAMES) ipcMain.removeHandler(callChannel(method));
  };
}

function senderInfo(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isTopFrame: frame !== null && frame.parent === null };
}
