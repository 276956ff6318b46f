// The watch reads who signed each block from a feed's NewBlock frames (electron/services/live/frame-commits.ts
// in the app) and, failing that, from the node.

/** Who signed one height: each entry in validator-set order, as the commit lists them. */
export interface FeedCommit {
  readonly height: bigint;
  /** block_id_flag 2 (commit) or 3 (nil) signed; 1 is absent, with an empty address. */
  readonly signatures: ReadonlyArray<{ readonly flag: number; readonly address: string }>;
  /** The validator set's hash at that height, when the frame of that height was seen. */
  readonly validatorsHash: string | undefined;
}
