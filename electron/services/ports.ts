/**
 * The ports main's services are given from outside (docs/architecture.md, "Services"): Electron
 * fills them in the app (electron/main/desktop-io.ts); the browser mode leaves them out.
 */
export type { Notifier } from "../../shared/notifier.js";

/** Where an export goes in the app: a save dialog. Absent in browser mode, where the renderer downloads the text. */
export interface SaveFile {
  save(defaultName: string, contents: string): Promise<{ saved: boolean; path?: string }>;
}
