import { useEffect, useRef } from "react";
import { type ShortcutAction, shortcutFor } from "../links/shortcuts.js";

const isMac = /Mac/.test(navigator.platform);

/** Runs the shell's keyboard shortcuts (see shortcuts.ts) from anywhere in the window. */
export function useShortcuts(onAction: (action: ShortcutAction) => void): void {
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e, isMac);
      if (!action) return;
      e.preventDefault();
      handler.current(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
