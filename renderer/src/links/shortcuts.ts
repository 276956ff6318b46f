/** What a keyboard shortcut does. The Electron menu shows the same accelerators. */
export type ShortcutAction<R extends string = string> =
  | { readonly type: "go"; readonly route: R }
  | { readonly type: "lock" }
  | { readonly type: "toggleTheme" }
  | { readonly type: "search" };

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** A shortcut as the Settings page lists it. "Mod" is Cmd on macOS, Ctrl elsewhere. */
export interface ShortcutInfo {
  readonly keys: string;
  readonly label: string;
}

/** A page's shortcut: Mod plus `key` opens the page `route`. */
export interface PageShortcut<R extends string> {
  readonly key: string;
  readonly route: R;
  readonly label: string;
}

/** The shortcuts that are not a page's: search, lock and theme. */
const OTHER_SHORTCUTS: readonly ShortcutInfo[] = [
  { keys: "Mod+K", label: "Search a height, hash or address" },
  { keys: "Mod+Shift+L", label: "Lock the wallet" },
  { keys: "Mod+Shift+D", label: "Switch between light and dark theme" },
];

/** Every shortcut, the pages' first, for the Settings page's list. */
export function shortcutList(pages: ReadonlyArray<PageShortcut<string>>): readonly ShortcutInfo[] {
  return [...pages.map((p) => ({ keys: `Mod+${p.key}`, label: p.label })), ...OTHER_SHORTCUTS];
}

/** The action of a key press, or undefined when it is not a shortcut. */
export function shortcutFor<R extends string>(event: KeyLike, isMac: boolean, pages: ReadonlyArray<PageShortcut<R>>): ShortcutAction<R> | undefined {
  const mod = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (!event.shiftKey) {
    const page = pages.find((p) => p.key === key);
    if (page) return { type: "go", route: page.route };
    if (key === "k") return { type: "search" };
    return undefined;
  }
  if (key === "l") return { type: "lock" };
  if (key === "d") return { type: "toggleTheme" };
  return undefined;
}
