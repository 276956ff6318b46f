/**
 * Builds window.cometdesk from the IPC contract: one named function per method, derived by
 * createCometdeskApi, so the renderer gets no generic invoke and no ipcRenderer. Runs sandboxed
 * and is bundled to one CommonJS file (sandboxed preloads cannot load ES modules or node_modules).
 */
import { contextBridge, ipcRenderer } from "electron";
import { createCometdeskApi } from "../../shared/api.js";
import { callChannel, eventChannel } from "../ipc-channels.js";

const api = createCometdeskApi(
  // A refresh nobody asked for says so in a second argument (ipc-binding.ts reads it).
  (method, args, call) => (call?.background === true ? ipcRenderer.invoke(callChannel(method), args, { background: true }) : ipcRenderer.invoke(callChannel(method), args)),
  (event, listener) => {
    // Only the payload crosses: the IpcRendererEvent would hand the page ipcRenderer itself.
    const handler = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(eventChannel(event), handler);
    return () => void ipcRenderer.removeListener(eventChannel(event), handler);
  },
);

contextBridge.exposeInMainWorld("cometdesk", api);
