import { z } from "zod";
import type { BlockEvidence } from "../../contract/chain-types.js";

/**
 * The evidence list of a CometBFT block (`block.evidence.evidence`), read from the node's JSON
 * (CometBFT 0.34 to 0.38 send Go's amino JSON: `{type, value}`; a duplicate vote's fields are
 * `vote_a`/`vote_b`, a light-client attack's are Go field names, `CommonHeight`,
 * `ByzantineValidators`). https://docs.cometbft.com/v0.38/spec/core/data_structures#evidence
 *
 * Hostile input: each entry is parsed on its own, and one that is not understood is kept as
 * `unknown` with its type (when it has one) rather than refused, so a block with strange evidence
 * still says that it holds some.
 */

const MAX_EVIDENCE = 10_000;
const Address = z.string().regex(/^[0-9A-Fa-f]{40}$/);
const Height = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform(String);
const Time = z.string().max(64);
const Vote = z.object({ height: Height, validator_address: Address, timestamp: Time.nullish() });

const Typed = z.object({ type: z.string().max(128), value: z.unknown() });
const DuplicateVote = z.object({
  vote_a: Vote,
  vote_b: Vote,
  Timestamp: Time.nullish(),
});
const LightClientAttack = z.object({
  CommonHeight: Height,
  ByzantineValidators: z.array(z.object({ address: Address })).max(MAX_EVIDENCE).nullish(),
  Timestamp: Time.nullish(),
});

/** One entry of the list; never throws. */
export function readEvidence(entry: unknown): BlockEvidence {
  const typed = Typed.safeParse(entry);
  if (!typed.success) return { kind: "unknown", type: "", height: null, time: null, validators: [] };
  const { type, value } = typed.data;
  if (/DuplicateVoteEvidence$/.test(type)) {
    const v = DuplicateVote.safeParse(value);
    if (v.success) {
      const signers = [...new Set([v.data.vote_a.validator_address, v.data.vote_b.validator_address].map((a) => a.toUpperCase()))];
      return { kind: "duplicate_vote", type, height: v.data.vote_a.height, time: v.data.Timestamp ?? v.data.vote_a.timestamp ?? null, validators: signers };
    }
  }
  if (/LightClientAttackEvidence$/.test(type)) {
    const v = LightClientAttack.safeParse(value);
    if (v.success) {
      return { kind: "light_client_attack", type, height: v.data.CommonHeight, time: v.data.Timestamp ?? null, validators: (v.data.ByzantineValidators ?? []).map((b) => b.address.toUpperCase()) };
    }
  }
  return { kind: "unknown", type, height: null, time: null, validators: [] };
}

/** The block's evidence list (`block.evidence.evidence`, which nodes send as null when empty); at most 10,000 entries are read. */
export function readBlockEvidence(list: readonly unknown[] | null | undefined): BlockEvidence[] {
  return (list ?? []).slice(0, MAX_EVIDENCE).map(readEvidence);
}
