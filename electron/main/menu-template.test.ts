import { describe, expect, it } from "vitest";
import type { MenuItemConstructorOptions } from "electron";
import { acceleratorKeystroke, menuTemplate } from "./menu-template.js";

const flatten = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);

describe("application menu", () => {
  const sent: string[] = [];
  let locked = 0;
  const items = flatten(menuTemplate({ isMac: false, isDev: false, appName: "Cometdesk" }, { sendShortcut: (a) => sent.push(a), lockWallet: () => locked++ }));

  it("shows the renderer's shortcuts without stealing them from the page", () => {
    const go = items.filter((i) => ["Node", "Networks", "Settings", "Lock Wallet"].includes(i.label ?? ""));
    expect(go.map((i) => i.accelerator)).toEqual(["CmdOrCtrl+Shift+L", "CmdOrCtrl+1", "CmdOrCtrl+2", "CmdOrCtrl+,"]);
    expect(go.every((i) => i.registerAccelerator === false)).toBe(true);
    expect(items.find((i) => i.label === "Search…")).toMatchObject({ accelerator: "CmdOrCtrl+K", registerAccelerator: false });
  });

  it("replays a clicked item's keystroke into the page and locks through main", () => {
    const networks = items.find((i) => i.label === "Networks")!;
    (networks.click as () => void)();
    expect(sent).toEqual(["CmdOrCtrl+2"]);
    (items.find((i) => i.label === "Lock Wallet")!.click as () => void)();
    expect(locked).toBe(1);
  });

  it("offers developer tools only in development", () => {
    expect(items.some((i) => i.role === "toggleDevTools")).toBe(false);
    const dev = flatten(menuTemplate({ isMac: true, isDev: true, appName: "Cometdesk" }, { sendShortcut: () => {}, lockWallet: () => {} }));
    expect(dev.some((i) => i.role === "toggleDevTools")).toBe(true);
  });

  it("turns accelerators into keystrokes with the platform's modifier", () => {
    expect(acceleratorKeystroke("CmdOrCtrl+Shift+D", false)).toEqual({ keyCode: "D", modifiers: ["control", "shift"] });
    expect(acceleratorKeystroke("CmdOrCtrl+1", true)).toEqual({ keyCode: "1", modifiers: ["meta"] });
  });
});
