import { useCallback, useSyncExternalStore } from "react";
import type { SafeRoute } from "../../console/route-params.js";

/** One console call as typed, so it can be run again. Answers are not kept: they can be huge. */
export interface HistoryEntry {
  readonly route: SafeRoute;
  readonly method: "GET" | "POST";
  readonly values: Readonly<Record<string, string>>;
}

const MAX = 30;
// Kept for the session in the renderer's memory, so leaving the page and coming back keeps it.
let entries: readonly HistoryEntry[] = [];
const listeners = new Set<() => void>();

/** The session's console history, newest first, without repeats. */
export function useConsoleHistory(): [readonly HistoryEntry[], (e: HistoryEntry) => void] {
  const list = useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => entries);
  const remember = useCallback((e: HistoryEntry) => {
    const key = JSON.stringify(e);
    entries = [e, ...entries.filter((x) => JSON.stringify(x) !== key)].slice(0, MAX);
    listeners.forEach((l) => l());
  }, []);
  return [list, remember];
}
