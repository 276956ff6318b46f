import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSettingsStore } from "../services/settings/settings-store.js";
import { createProblemLog } from "../services/storage/problems.js";
import { afterLastWindowClosed, hasTray, onTrayOpen, trayMenu, wantsTray } from "./tray-policy.js";

const linuxDesktop = { platform: "linux" as const, env: { DISPLAY: ":0", XDG_CURRENT_DESKTOP: "GNOME" } };
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("the tray", () => {
  it("is there on Windows, macOS and a Linux desktop, and not on a Linux without a desktop session", () => {
    expect(hasTray({ platform: "win32", env: {} })).toBe(true);
    expect(hasTray({ platform: "darwin", env: {} })).toBe(true);
    expect(hasTray(linuxDesktop)).toBe(true);
    expect(hasTray({ platform: "linux", env: { WAYLAND_DISPLAY: "wayland-0", DESKTOP_SESSION: "plasma" } })).toBe(true);
    expect(hasTray({ platform: "linux", env: { DISPLAY: ":99" } })).toBe(false); // a bare X server (CI, a kiosk)
    expect(hasTray({ platform: "linux", env: { XDG_CURRENT_DESKTOP: "GNOME" } })).toBe(false); // no display at all
    expect(hasTray({ platform: "aix", env: { DISPLAY: ":0", XDG_CURRENT_DESKTOP: "CDE" } })).toBe(false);
  });

  it("keeps main running when the last window closes only with the setting on, a tray shown, and no quit asked", () => {
    expect(afterLastWindowClosed({ keepRunningInTray: true, trayShown: true, quitting: false })).toBe("keep-running");
    expect(afterLastWindowClosed({ keepRunningInTray: false, trayShown: true, quitting: false })).toBe("quit");
    expect(afterLastWindowClosed({ keepRunningInTray: true, trayShown: false, quitting: false })).toBe("quit"); // nowhere to come back from
    expect(afterLastWindowClosed({ keepRunningInTray: true, trayShown: true, quitting: true })).toBe("quit"); // Quit from the tray or the menu
  });

  it("shows the icon only while the setting asks for it and the OS has a tray", () => {
    expect(wantsTray(true, linuxDesktop)).toBe(true);
    expect(wantsTray(false, linuxDesktop)).toBe(false);
    expect(wantsTray(true, { platform: "linux", env: {} })).toBe(false);
  });

  it("opens a new window from the tray, or brings back the one there is", () => {
    expect(onTrayOpen({ exists: false, minimized: false })).toBe("create");
    expect(onTrayOpen({ exists: true, minimized: true })).toBe("restore");
    expect(onTrayOpen({ exists: true, minimized: false })).toBe("focus");
  });

  it("offers Open and Quit, and says how many networks are watched", () => {
    expect(trayMenu({ windowOpen: false, watching: 2 })).toEqual([
      { action: "open", label: "Open Cometdesk", enabled: true },
      { action: null, label: "Watching 2 networks", enabled: false },
      { action: "quit", label: "Quit Cometdesk", enabled: true },
    ]);
    expect(trayMenu({ windowOpen: true, watching: 1 }).map((i) => i.label)).toEqual(["Show Cometdesk", "Watching 1 network", "Quit Cometdesk"]);
  });

  it("reads its setting from the settings store: on by default, and off after a restart once turned off", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-tray-"));
    dirs.push(dir);
    const first = openSettingsStore(dir, createProblemLog());
    expect(first.get().keepRunningInTray).toBe(true);
    expect(afterLastWindowClosed({ keepRunningInTray: first.get().keepRunningInTray, trayShown: true, quitting: false })).toBe("keep-running");
    first.update({ keepRunningInTray: false });
    const again = openSettingsStore(dir, createProblemLog());
    expect(again.get().keepRunningInTray).toBe(false);
    expect(afterLastWindowClosed({ keepRunningInTray: again.get().keepRunningInTray, trayShown: true, quitting: false })).toBe("quit");
  });
});
