import { writeFile } from "node:fs/promises";
import { type BrowserWindow, dialog, Notification } from "electron";
import type { Notifier, SaveFile } from "../services/ports.js";

/** The services' SaveFile behind Electron's save dialog: the user picks the path, main writes it. */
export function createSaveDialog(window: () => BrowserWindow | undefined): SaveFile {
  return {
    async save(defaultName, contents) {
      const options = { defaultPath: defaultName, filters: [{ name: "CSV", extensions: ["csv"] }] };
      const parent = window();
      const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { saved: false };
      await writeFile(choice.filePath, contents, { mode: 0o600 });
      return { saved: true, path: choice.filePath };
    },
  };
}

/** The services' Notifier behind Electron's Notification, where the OS supports one. */
export function createDesktopNotifier(): Notifier {
  return {
    notify(title, body) {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
  };
}
