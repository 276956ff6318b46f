import { useEffect, useRef } from "react";
import { type ShortcutAction, shortcutFor } from "../links/shortcuts.js";
import { PAGE_SHORTCUTS, type RouteId } from "./page-chunks.js";

const isMac = /Mac/.test(navigator.platform);

/** Runs the shell's keyboard shortcuts (see shortcuts.ts; the pages' own are in the page table) from anywhere in the window. */
export function useShortcuts(onAction: (action: ShortcutAction<RouteId>) => void): void {
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e, isMac, PAGE_SHORTCUTS);
      if (!action) return;
      e.preventDefault();
      handler.current(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
