import type { RouteId } from "./routes.js";

/** What a keyboard shortcut does. The Electron menu shows the same accelerators. */
export type ShortcutAction = { readonly type: "go"; readonly route: RouteId } | { readonly type: "lock" } | { readonly type: "toggleTheme" } | { readonly type: "search" };

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The shortcuts, for the menu and the Settings page's list. "Mod" is Cmd on macOS, Ctrl elsewhere. */
export const SHORTCUTS: ReadonlyArray<{ readonly keys: string; readonly label: string }> = [
  { keys: "Mod+1", label: "Node" },
  { keys: "Mod+2", label: "Networks" },
  { keys: "Mod+3", label: "Wallet" },
  { keys: "Mod+4", label: "Send" },
  { keys: "Mod+5", label: "Transactions" },
  { keys: "Mod+,", label: "Settings" },
  { keys: "Mod+K", label: "Search a height, hash or address" },
  { keys: "Mod+Shift+L", label: "Lock the wallet" },
  { keys: "Mod+Shift+D", label: "Switch between light and dark theme" },
];

/** The action of a key press, or undefined when it is not a shortcut. */
export function shortcutFor(event: KeyLike, isMac: boolean): ShortcutAction | undefined {
  const mod = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (!event.shiftKey) {
    if (key === "1") return { type: "go", route: "node" };
    if (key === "2") return { type: "go", route: "networks" };
    if (key === "3") return { type: "go", route: "wallet" };
    if (key === "4") return { type: "go", route: "send" };
    if (key === "5") return { type: "go", route: "transactions" };
    if (key === ",") return { type: "go", route: "settings" };
    if (key === "k") return { type: "search" };
    return undefined;
  }
  if (key === "l") return { type: "lock" };
  if (key === "d") return { type: "toggleTheme" };
  return undefined;
}
