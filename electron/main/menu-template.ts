/**
 * The application menu as data. Navigation and theme shortcuts are handled by the renderer
 * (renderer/src/links/shortcuts.ts), so those items show their accelerator without
 * registering it and, when clicked, replay the keystroke into the page.
 */
import type { MenuItemConstructorOptions } from "electron";

export interface MenuActions {
  /** Sends the accelerator's keystroke to the renderer, which owns the shortcut. */
  readonly sendShortcut: (accelerator: string) => void;
  /** Locks the vault in main; the renderer follows through wallet.lockChanged. */
  readonly lockWallet: () => void;
}

export interface MenuOptions {
  readonly isMac: boolean;
  /** Development builds get reload and developer tools; a packaged app does not. */
  readonly isDev: boolean;
  readonly appName: string;
}

const rendererShortcut = (label: string, accelerator: string, actions: MenuActions): MenuItemConstructorOptions => ({
  label,
  accelerator,
  registerAccelerator: false,
  click: () => actions.sendShortcut(accelerator),
});

export function menuTemplate(options: MenuOptions, actions: MenuActions): MenuItemConstructorOptions[] {
  const appMenu: MenuItemConstructorOptions[] = options.isMac
    ? [{ label: options.appName, submenu: [{ role: "about" }, { type: "separator" }, { role: "hide" }, { role: "hideOthers" }, { role: "unhide" }, { type: "separator" }, { role: "quit" }] }]
    : [];
  const devItems: MenuItemConstructorOptions[] = options.isDev ? [{ role: "reload" }, { role: "toggleDevTools" }, { type: "separator" }] : [];
  return [
    ...appMenu,
    { label: "&File", submenu: [{ label: "Lock Wallet", accelerator: "CmdOrCtrl+Shift+L", registerAccelerator: false, click: actions.lockWallet }, { type: "separator" }, options.isMac ? { role: "close" } : { role: "quit" }] },
    { label: "&Edit", submenu: [{ role: "undo" }, { role: "redo" }, { type: "separator" }, { role: "cut" }, { role: "copy" }, { role: "paste" }, { role: "selectAll" }] },
    {
      label: "&Go",
      submenu: [
        rendererShortcut("Node", "CmdOrCtrl+1", actions),
        rendererShortcut("Networks", "CmdOrCtrl+2", actions),
        rendererShortcut("Wallet", "CmdOrCtrl+3", actions),
        rendererShortcut("Send", "CmdOrCtrl+4", actions),
        rendererShortcut("Transactions", "CmdOrCtrl+5", actions),
        rendererShortcut("Staking", "CmdOrCtrl+6", actions),
        rendererShortcut("Governance", "CmdOrCtrl+7", actions),
        rendererShortcut("Settings", "CmdOrCtrl+,", actions),
        { type: "separator" },
        rendererShortcut("Search…", "CmdOrCtrl+K", actions),
      ],
    },
    {
      label: "&View",
      submenu: [
        ...devItems,
        rendererShortcut("Switch Light/Dark Theme", "CmdOrCtrl+Shift+D", actions),
        { type: "separator" },
        { role: "resetZoom" }, { role: "zoomIn" }, { role: "zoomOut" }, { type: "separator" }, { role: "togglefullscreen" },
      ],
    },
    { label: "&Window", submenu: [{ role: "minimize" }, ...(options.isMac ? [{ role: "zoom" } as const] : [])] },
  ];
}

/** An accelerator as the keyDown input event that replays it into the page. */
export function acceleratorKeystroke(accelerator: string, isMac: boolean): { keyCode: string; modifiers: Array<"control" | "meta" | "shift"> } {
  const parts = accelerator.split("+");
  const keyCode = parts.pop()!;
  const modifiers = parts.map((p) => (p === "CmdOrCtrl" ? (isMac ? "meta" : "control") : p === "Shift" ? "shift" : "control")) as Array<"control" | "meta" | "shift">;
  return { keyCode, modifiers };
}
