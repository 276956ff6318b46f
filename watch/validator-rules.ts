import type { WatchConfig, WatchRules } from "../shared/contract/watch.js";
import type { Condition } from "./alert-engine.js";
import type { SigningRecord } from "./signing-record.js";

/** What the slashing and staking reads last said of a validator. */
export interface ValidatorState {
  readonly moniker: string | null;
  readonly operatorAddress: string | null;
  readonly jailed: boolean;
  readonly tombstoned: boolean;
  readonly inactive: boolean;
  /** No validator of the chain has this address (staking's list, every status; or the CometBFT set when staking is unreadable). */
  readonly unknown: boolean;
  readonly windowMissed: number | null;
}

/** The validator alert kinds; an evaluation of the watch list covers exactly these. */
export const VALIDATOR_KINDS = ["missed_blocks", "jailed", "tombstoned", "inactive"] as const;

/** The conditions the watch list shows now, under the network's rules. */
export function validatorConditions(config: WatchConfig, rules: WatchRules, record: SigningRecord, states: ReadonlyMap<string, ValidatorState>): Condition[] {
  const out: Condition[] = [];
  for (const v of config.validators) {
    const state = states.get(v.address);
    const name = v.label || state?.moniker || v.address;
    if (rules.missedBlocks.enabled) {
      const missed = record.missedOfLast(v.address, rules.missedBlocks.of);
      if (missed >= rules.missedBlocks.missed) {
        const streak = record.get(v.address)?.currentMissStreak ?? 0;
        out.push({ kind: "missed_blocks", subject: v.address, title: `${name} is missing blocks`, message: `${name} missed ${missed} of the last ${rules.missedBlocks.of} blocks (current streak ${streak}).` });
      }
    }
    if (rules.jailed.enabled && state) {
      if (state.tombstoned) out.push({ kind: "tombstoned", subject: v.address, title: `${name} is tombstoned`, message: `${name} was tombstoned for double signing; it can never sign again.` });
      else if (state.jailed) out.push({ kind: "jailed", subject: v.address, title: `${name} is jailed`, message: `${name} is jailed${state.windowMissed !== null ? ` (${state.windowMissed} blocks missed in the slashing window)` : ""}; it must send an unjail.` });
      else if (state.unknown) out.push({ kind: "inactive", subject: v.address, title: `${name} is not in the validator set`, message: `No validator of the chain has the address ${v.address}: check it, or wait for the validator to join; its blocks are counted from then on.` });
      else if (state.inactive) out.push({ kind: "inactive", subject: v.address, title: `${name} is not in the active set`, message: `${name} is not bonded: it signs no blocks and earns nothing.` });
    }
  }
  return out;
}
