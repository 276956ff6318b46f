/** The one main window: created from the security baseline and the remembered window state. */
import { BrowserWindow, nativeTheme, screen } from "electron";
import type { SecurityBaseline } from "./security.js";
import { readWindowState, writeWindowState } from "./window-state.js";

export function createMainWindow(baseline: SecurityBaseline, statePath: string): BrowserWindow {
  const state = readWindowState(statePath, screen.getAllDisplays().map((d) => d.workArea));
  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: "Cometdesk",
    // The renderer's own background for the OS theme, so the first paint does not flash.
    backgroundColor: nativeTheme.shouldUseDarkColors ? "#0f1120" : "#f6f7fb",
    webPreferences: { ...baseline.webPreferences },
  });
  if (state.maximized) window.maximize();
  window.once("ready-to-show", () => window.show());
  window.on("close", () => {
    const b = window.getNormalBounds();
    try {
      writeWindowState(statePath, { x: b.x, y: b.y, width: b.width, height: b.height, maximized: window.isMaximized() });
    } catch (error) {
      console.error("could not save the window state", error); // losing it only costs the next launch's position
    }
  });
  return window;
}
