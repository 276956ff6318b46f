/** CometBFT's BlockIDFlag: 1 absent, 2 commit, 3 nil (voted, but not for the block). */
export const BLOCK_ID_FLAG = { absent: 1, commit: 2, nil: 3 } as const;

/** When a commit's signature was made; undefined for an absent validator, for which CometBFT writes the zero time (year 1). */
export const signedAt = (s: { readonly blockIdFlag: number; readonly timestamp: string | null }): string | undefined =>
  s.blockIdFlag === BLOCK_ID_FLAG.absent || !s.timestamp ? undefined : s.timestamp;

export interface CommitLike {
  readonly height: string;
  readonly signatures: readonly { readonly blockIdFlag: number; readonly validatorAddress: string }[];
}

export type Mark = "signed" | "nil" | "missed";

export interface SigningRecord {
  readonly address: string;
  /** One mark per commit, oldest first, aligned with `heights`. */
  readonly marks: readonly Mark[];
  readonly signed: number;
  readonly missedHeights: readonly string[];
}

/**
 * Who signed each of the given commits. A validator missing from a commit's signatures (the set
 * changed) counts as missed, like an absent flag: the record is about the current set.
 */
export function signingRecords(addresses: readonly string[], commits: readonly CommitLike[]): { heights: string[]; records: SigningRecord[] } {
  const ordered = [...commits].sort((a, b) => (BigInt(a.height) < BigInt(b.height) ? -1 : 1));
  const heights = ordered.map((c) => c.height);
  const byCommit = ordered.map((c) => new Map(c.signatures.map((s) => [s.validatorAddress.toUpperCase(), s.blockIdFlag])));
  const records = addresses.map((address) => {
    const marks = byCommit.map((m): Mark => {
      const flag = m.get(address.toUpperCase());
      return flag === BLOCK_ID_FLAG.commit ? "signed" : flag === BLOCK_ID_FLAG.nil ? "nil" : "missed";
    });
    return {
      address,
      marks,
      signed: marks.filter((m) => m === "signed").length,
      missedHeights: heights.filter((_, i) => marks[i] === "missed"),
    };
  });
  return { heights, records };
}

/** A validator's share of the total voting power, in percent with two decimals. */
export function powerShare(power: string, total: bigint): string {
  if (total === 0n) return "0.00";
  const basis = (BigInt(power) * 10_000n) / total;
  return `${basis / 100n}.${String(basis % 100n).padStart(2, "0")}`;
}
