import type { AlertKind, WatchRules } from "../../../../shared/contract/watch.js";

/** What the Watch page knows of the chain's pace and its slashing window (`watch.status`). */
export interface ChainPace {
  readonly blockTimeMs: number | null;
  readonly slashing: { readonly signedBlocksWindow: number } | null;
}

/** `blocks` blocks, with their approximate time at the usual block time when it is known. */
function blocksAndTime(blocks: number, blockTimeMs: number | null): string {
  const count = blocks === 1 ? "1 block" : `${blocks.toLocaleString("en")} blocks`;
  if (blockTimeMs === null) return count;
  const seconds = Math.round((blocks * blockTimeMs) / 1000);
  return `${count} (about ${seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`})`;
}

/**
 * What "Clear after" means for a missed-blocks alert, said at the rule: the delay starts only once
 * the condition is gone, and a validator's misses stay counted until they leave the blocks the
 * rule counts; the chain's own signed-blocks window (what jails) is named beside it.
 */
export function clearAfterNote(rules: WatchRules, pace: ChainPace): string {
  const counted = blocksAndTime(rules.missedBlocks.of, pace.blockTimeMs);
  const chain = pace.slashing ? ` The chain itself counts misses over its signed-blocks window of ${blocksAndTime(pace.slashing.signedBlocksWindow, pace.blockTimeMs)}, and jails by that count.` : "";
  return `An alert clears once its condition has stayed away this long. A validator that signs again still has its misses counted until they leave the last ${counted}: its missed-blocks alert clears up to that long after it signs again, plus this delay.${chain}`;
}

/** Under an open alert: when it will clear, where that is not simply "once the condition is gone". */
export function alertClearNote(kind: AlertKind, rules: WatchRules, pace: ChainPace): string | undefined {
  if (kind === "missed_blocks") return `Clears once fewer than ${rules.missedBlocks.missed} of the last ${blocksAndTime(rules.missedBlocks.of, pace.blockTimeMs)} are missed, then ${rules.clearAfterSeconds} s more: up to that long after the validator signs again.`;
  if (kind === "jailed") return `Clears once the validator is unjailed (an unjail transaction from its operator, after the chain's jail time), then ${rules.clearAfterSeconds} s more.`;
  return undefined;
}
