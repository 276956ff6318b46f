import { describe, expect, it } from "vitest";
import { DEFAULT_WATCH_RULES } from "../../../../shared/contract/watch.js";
import { alertClearNote, clearAfterNote } from "./clear-note.js";

// The devnet's pace: a block about every 1.1 s, and x/slashing's window of 20 blocks.
const devnet = { blockTimeMs: 1100, slashing: { signedBlocksWindow: 20 } };
const rules = { ...DEFAULT_WATCH_RULES, clearAfterSeconds: 5 };

describe("Watch → what Clear after means", () => {
  it("says at the rule that misses stay counted until they leave the blocks counted, with the chain's window in blocks and time", () => {
    expect(clearAfterNote(rules, devnet)).toBe(
      "An alert clears once its condition has stayed away this long. A validator that signs again still has its misses counted until they leave the last 20 blocks (about 22 s): its missed-blocks alert clears up to that long after it signs again, plus this delay. The chain itself counts misses over its signed-blocks window of 20 blocks (about 22 s), and jails by that count.",
    );
  });

  it("names blocks only while the block time and the slashing window are unknown, and minutes for long windows", () => {
    expect(clearAfterNote(rules, { blockTimeMs: null, slashing: null })).toContain("leave the last 20 blocks: its missed-blocks");
    expect(clearAfterNote(rules, { blockTimeMs: null, slashing: null })).not.toContain("signed-blocks window");
    expect(clearAfterNote(rules, { blockTimeMs: 6000, slashing: { signedBlocksWindow: 10_000 } })).toContain("signed-blocks window of 10,000 blocks (about 1000 min)");
  });

  it("says on an open missed-blocks or jailed alert when it will clear, and nothing on the others", () => {
    expect(alertClearNote("missed_blocks", rules, devnet)).toBe("Clears once fewer than 5 of the last 20 blocks (about 22 s) are missed, then 5 s more: up to that long after the validator signs again.");
    expect(alertClearNote("jailed", rules, devnet)).toMatch(/^Clears once the validator is unjailed/);
    expect(alertClearNote("node_down", rules, devnet)).toBeUndefined();
  });
});
