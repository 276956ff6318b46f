/**
 * Who signed each block, per validator of the set: the figures behind the watch list (missed
 * heights, streaks, proposals, power changes) and an uptime for every validator. Fed one commit
 * at a time, in height order, from the commits the block feed already reads.
 */

export interface SetMember {
  readonly address: string;
  readonly votingPower: string;
}

export interface ValidatorRecord {
  seen: number;
  signed: number;
  missed: number;
  /** The last `window` blocks followed: 1 signed, 0 missed; `cursor` is the next slot. */
  readonly recent: Uint8Array;
  filled: number;
  cursor: number;
  currentMissStreak: number;
  longestMissStreak: number;
  readonly missedHeights: string[];
  proposed: number;
  votingPower: string | null;
  readonly powerChanges: Array<{ height: string; from: string; to: string }>;
  lastHeight: bigint;
}

/** A record as plain data, for the data folder (watch/watch-progress.ts): `recent` as a string of 0 and 1, oldest first. */
export interface ValidatorRecordData {
  readonly seen: number;
  readonly signed: number;
  readonly missed: number;
  readonly recent: string;
  readonly currentMissStreak: number;
  readonly longestMissStreak: number;
  readonly missedHeights: readonly string[];
  readonly proposed: number;
  readonly votingPower: string | null;
  readonly powerChanges: ReadonlyArray<{ height: string; from: string; to: string }>;
  readonly lastHeight: string;
}
export interface SigningRecordData {
  readonly window: number;
  readonly lastHeight: string | null;
  readonly validators: Readonly<Record<string, ValidatorRecordData>>;
}

export const MAX_MISSED_HEIGHTS = 1000;
const MAX_POWER_CHANGES = 50;
/** Beyond this many validators only the set's first ones get a record: a bound against a hostile set. */
const MAX_SET = 10_000;

/** A commit made readable: which set members signed it (flag 2 commit, 3 nil) and which did not. */
export interface ObservedCommit {
  readonly height: bigint;
  readonly set: readonly SetMember[];
  /** In set order, as the commit lists them. */
  readonly signed: readonly boolean[];
}

/**
 * `keep` names the validators whose record stays when they have been out of the set for a whole
 * window (the watched ones); any other such record is dropped, so a set that changes over weeks
 * does not leave a record behind for every validator it ever had.
 */
export function createSigningRecord(window: number, keep: (address: string) => boolean = () => false, from?: SigningRecordData) {
  const records = new Map<string, ValidatorRecord>();
  let lastHeight: bigint | undefined;
  // Carried on from the data folder (a restart): only when its window is this one, else its slots mean other blocks.
  if (from && from.window === window) {
    lastHeight = from.lastHeight === null ? undefined : BigInt(from.lastHeight);
    for (const [address, d] of Object.entries(from.validators)) {
      const bits = d.recent.slice(-window);
      const recent = new Uint8Array(window);
      for (let i = 0; i < bits.length; i++) recent[i] = bits[i] === "1" ? 1 : 0;
      records.set(address, { ...d, recent, filled: bits.length, cursor: bits.length % window, missedHeights: d.missedHeights.slice(-MAX_MISSED_HEIGHTS), powerChanges: d.powerChanges.slice(-MAX_POWER_CHANGES).map((c) => ({ ...c })), lastHeight: BigInt(d.lastHeight) });
    }
  }

  const recordOf = (address: string): ValidatorRecord => {
    let r = records.get(address);
    if (!r) {
      r = { seen: 0, signed: 0, missed: 0, recent: new Uint8Array(window), filled: 0, cursor: 0, currentMissStreak: 0, longestMissStreak: 0, missedHeights: [], proposed: 0, votingPower: null, powerChanges: [], lastHeight: 0n };
      records.set(address, r);
    }
    return r;
  };

  return {
    /** Records one height's commit; a height at or below the last one recorded is ignored. */
    observe(commit: ObservedCommit): void {
      if (lastHeight !== undefined && commit.height <= lastHeight) return;
      lastHeight = commit.height;
      const height = String(commit.height);
      commit.set.slice(0, MAX_SET).forEach((member, i) => {
        const r = recordOf(member.address);
        const signed = commit.signed[i] === true;
        r.seen++;
        r.lastHeight = commit.height;
        r.recent[r.cursor] = signed ? 1 : 0;
        r.cursor = (r.cursor + 1) % window;
        r.filled = Math.min(window, r.filled + 1);
        if (signed) {
          r.signed++;
          r.currentMissStreak = 0;
        } else {
          r.missed++;
          r.currentMissStreak++;
          r.longestMissStreak = Math.max(r.longestMissStreak, r.currentMissStreak);
          r.missedHeights.push(height);
          if (r.missedHeights.length > MAX_MISSED_HEIGHTS) r.missedHeights.shift();
        }
        if (r.votingPower !== null && r.votingPower !== member.votingPower) {
          r.powerChanges.push({ height, from: r.votingPower, to: member.votingPower });
          if (r.powerChanges.length > MAX_POWER_CHANGES) r.powerChanges.shift();
        }
        r.votingPower = member.votingPower;
      });
      // Left the set: no longer counted, and its streak of misses is no longer a streak.
      for (const [address, r] of records) {
        if (r.lastHeight === commit.height) continue;
        r.currentMissStreak = 0;
        if (r.lastHeight + BigInt(window) < commit.height && !keep(address)) records.delete(address);
      }
    },
    /** Counts a proposal (the block's proposer). */
    proposed(address: string): void {
      recordOf(address).proposed++;
    },
    get: (address: string): ValidatorRecord | undefined => records.get(address),
    /** Missed among the last `count` blocks followed (at most the window). */
    missedOfLast(address: string, count: number): number {
      const r = records.get(address);
      if (!r) return 0;
      const n = Math.min(count, r.filled, window);
      let missed = 0;
      for (let k = 1; k <= n; k++) if (r.recent[(r.cursor - k + window * 2) % window] === 0) missed++;
      return missed;
    },
    /** The signed share of the last `window` blocks, or null before the first. */
    uptime(address: string): number | null {
      const r = records.get(address);
      if (!r || r.filled === 0) return null;
      let signed = 0;
      for (let k = 1; k <= r.filled; k++) signed += r.recent[(r.cursor - k + window * 2) % window]!;
      return signed / r.filled;
    },
    lastHeight: () => lastHeight,
    window,
    /** The records of the validators `include` names (the watched ones), as plain data to store. */
    snapshot(include: (address: string) => boolean): SigningRecordData {
      const validators: Record<string, ValidatorRecordData> = {};
      for (const [address, r] of records) {
        if (!include(address)) continue;
        let recent = "";
        for (let k = r.filled; k >= 1; k--) recent += r.recent[(r.cursor - k + window * 2) % window] === 1 ? "1" : "0";
        validators[address] = { seen: r.seen, signed: r.signed, missed: r.missed, recent, currentMissStreak: r.currentMissStreak, longestMissStreak: r.longestMissStreak, missedHeights: [...r.missedHeights], proposed: r.proposed, votingPower: r.votingPower, powerChanges: r.powerChanges.map((c) => ({ ...c })), lastHeight: String(r.lastHeight) };
      }
      return { window, lastHeight: lastHeight === undefined ? null : String(lastHeight), validators };
    },
  };
}

export type SigningRecord = ReturnType<typeof createSigningRecord>;
