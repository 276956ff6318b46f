/**
 * What the app does when its window closes and what its tray offers: plain decisions, with no
 * `electron` import, so they are tested in Node. main.ts only carries them out.
 */

export interface TrayEnvironment {
  readonly platform: NodeJS.Platform;
  /** The process environment: on Linux a tray needs a desktop session (a StatusNotifier host). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Whether the OS has a tray to keep the app in: Windows' notification area, macOS's menu bar, and
 * Linux desktops (a graphical session); a bare X or Wayland server without a desktop has none, and
 * a hidden window there could not be brought back.
 */
export function hasTray(e: TrayEnvironment): boolean {
  if (e.platform === "win32" || e.platform === "darwin") return true;
  if (e.platform !== "linux" && e.platform !== "freebsd" && e.platform !== "openbsd") return false;
  const graphical = Boolean(e.env.WAYLAND_DISPLAY || e.env.DISPLAY);
  return graphical && Boolean(e.env.XDG_CURRENT_DESKTOP || e.env.DESKTOP_SESSION);
}

/** After the last window closed: stay in the tray (the watch goes on) or quit as before. */
export function afterLastWindowClosed(input: { readonly keepRunningInTray: boolean; readonly trayShown: boolean; readonly quitting: boolean }): "keep-running" | "quit" {
  return input.keepRunningInTray && input.trayShown && !input.quitting ? "keep-running" : "quit";
}

/** Whether the tray icon should be there: only while the setting asks for it and the OS has a tray. */
export const wantsTray = (keepRunningInTray: boolean, environment: TrayEnvironment): boolean => keepRunningInTray && hasTray(environment);

/** A click on the tray icon (or its Open item): make a new window, or bring the one there is to the front. */
export function onTrayOpen(window: { readonly exists: boolean; readonly minimized: boolean }): "create" | "restore" | "focus" {
  if (!window.exists) return "create";
  return window.minimized ? "restore" : "focus";
}

export type TrayAction = "open" | "quit";

/** The tray's menu, in order. */
export function trayMenu(state: { readonly windowOpen: boolean; readonly watching: number }): Array<{ readonly action: TrayAction | null; readonly label: string; readonly enabled: boolean }> {
  return [
    { action: "open", label: state.windowOpen ? "Show Cometdesk" : "Open Cometdesk", enabled: true },
    { action: null, label: state.watching === 1 ? "Watching 1 network" : `Watching ${state.watching} networks`, enabled: false },
    { action: "quit", label: "Quit Cometdesk", enabled: true },
  ];
}
