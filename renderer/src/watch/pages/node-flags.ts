import type { WatchedNode } from "../../../../shared/contract/watch.js";

type Flag = WatchedNode["flags"][number];

/** Each flag of the nodes table in words. */
const WORDS: Readonly<Record<Flag, string>> = {
  down: "down",
  rate_limited: "rate-limited",
  lagging: "lagging",
  stopped: "stopped",
  catching_up: "catching up",
  app_hash_mismatch: "app hash mismatch",
  block_hash_mismatch: "block hash mismatch",
};

/** A node catching up or refusing for load is a wait, not a fault: its row is not marked as one. */
const WAITS: ReadonlySet<Flag> = new Set(["catching_up", "rate_limited"]);

/** The node's flags as the table says them ("ok" for none). */
export const flagWords = (flags: readonly Flag[]): string => (flags.length === 0 ? "ok" : flags.map((f) => WORDS[f]).join(", "));

/** How the row reads: a fault (marked in the danger colour), a wait (in the warning colour), or neither. */
export function nodeRowKind(flags: readonly Flag[]): "fault" | "wait" | undefined {
  if (flags.some((f) => !WAITS.has(f))) return "fault";
  return flags.length > 0 ? "wait" : undefined;
}
