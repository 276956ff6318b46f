import { z } from "zod";
import type { BlockEvidence } from "../../../shared/contract/chain-types.js";
import { readBlockEvidence } from "../../../shared/cosmos/evidence/block-evidence.js";
import type { FeedCommit } from "../../../watch/feed-commit.js";
import { blockTxs, type ChainTx, type TxOutcome } from "./tx-frames.js";

export type { FeedCommit };

/**
 * The part of a NewBlock websocket frame the watch needs: the block's height and validator-set
 * hash, its `last_commit` (who signed the block before) and its evidence. Frames are hostile input: only these
 * fields are read, and only when they have the right shape.
 */
const Frame = z.object({
  result: z.object({
    data: z.object({
      value: z.object({
        block: z.object({
          header: z.object({ height: z.string().regex(/^\d{1,20}$/), validators_hash: z.string().regex(/^[0-9A-Fa-f]{0,128}$/).optional() }),
          last_commit: z
            .object({
              height: z.string().regex(/^\d{1,20}$/),
              signatures: z.array(z.object({ block_id_flag: z.number().int(), validator_address: z.string().max(128).nullish() })).max(100_000),
            })
            .nullish(),
          // Each entry is read by readBlockEvidence, which never throws; nodes send null for none.
          evidence: z.object({ evidence: z.array(z.unknown()).max(10_000).nullish() }).nullish(),
        }),
      }),
    }),
  }),
});

export interface NewBlockFrame {
  readonly height: bigint;
  readonly validatorsHash: string | undefined;
  readonly lastCommit: { readonly height: bigint; readonly signatures: FeedCommit["signatures"] } | undefined;
  /** The evidence the block carries; undefined when the frame has no evidence field at all. */
  readonly evidence: BlockEvidence[] | undefined;
  /**
   * The block's transactions with their results, read from the frame only when asked
   * (tx-frames.ts); a frame without results (before CometBFT 0.38) asks `readResults` for them.
   */
  readonly txs: (readResults?: (height: string) => Promise<readonly TxOutcome[]>) => Promise<ChainTx[]>;
}

/** The NewBlock frame's height, validator-set hash and last commit, or undefined for anything else (acks, junk). */
export function newBlockFrame(text: string): NewBlockFrame | undefined {
  if (text.length > 16 << 20) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = Frame.safeParse(json);
  if (!parsed.success) return undefined;
  const { header, last_commit: lc, evidence } = parsed.data.result.data.value.block;
  return {
    height: BigInt(header.height),
    validatorsHash: header.validators_hash?.toUpperCase(),
    lastCommit: lc ? { height: BigInt(lc.height), signatures: lc.signatures.map((s) => ({ flag: s.block_id_flag, address: (s.validator_address ?? "").toUpperCase() })) } : undefined,
    evidence: evidence ? readBlockEvidence(evidence.evidence) : undefined,
    txs: (readResults) => blockTxs(json, readResults),
  };
}

const KEEP = 64;

/** The last few commits seen in frames, per network; the oldest go first. */
export function createFrameCommits() {
  let networkId = "";
  const hashes = new Map<bigint, string>();
  const signatures = new Map<bigint, FeedCommit["signatures"]>();
  const evidence = new Map<bigint, BlockEvidence[]>();
  const trim = (m: Map<bigint, unknown>) => {
    while (m.size > KEEP) m.delete(m.keys().next().value!);
  };
  return {
    add(network: string, frame: NewBlockFrame): void {
      if (network !== networkId) {
        networkId = network;
        hashes.clear();
        signatures.clear();
        evidence.clear();
      }
      if (frame.validatorsHash) hashes.set(frame.height, frame.validatorsHash);
      if (frame.lastCommit) signatures.set(frame.lastCommit.height, frame.lastCommit.signatures);
      if (frame.evidence) evidence.set(frame.height, frame.evidence);
      trim(hashes);
      trim(signatures);
      trim(evidence);
    },
    get(network: string, height: bigint): FeedCommit | undefined {
      const sigs = network === networkId ? signatures.get(height) : undefined;
      return sigs ? { height, signatures: sigs, validatorsHash: hashes.get(height) } : undefined;
    },
    /** The evidence block `height` carried, when its frame was seen. */
    evidence: (network: string, height: bigint): BlockEvidence[] | undefined => (network === networkId ? evidence.get(height) : undefined),
  };
}
