import { describe, expect, it } from "vitest";
import { readBlockEvidence, readEvidence } from "./block-evidence.js";
import recorded from "./duplicate-vote-block.recorded.json" with { type: "json" };

// A block of the four-validator devnet recorded while a copy of node1's key prevoted nil and
// node1 prevoted the block (`npm run devnet -- double-sign --validator 1`): the JSON-RPC answer
// of `block` at the height whose evidence list held the DuplicateVoteEvidence.
const list: unknown[] = recorded.result.block.evidence.evidence;

describe("the evidence a block carries", () => {
  it("reads a recorded DuplicateVoteEvidence: its signer, the votes' height and the evidence time", () => {
    expect(readBlockEvidence(list)).toEqual([
      { kind: "duplicate_vote", type: "tendermint/DuplicateVoteEvidence", height: "31", time: "2026-11-28T23:11:32.110694677Z", validators: ["A898CAF0CA46E6C8C5A0736CDC6945D91EF2683C"] },
    ]);
  });

  it("reads a LightClientAttackEvidence's byzantine validators at its common height", () => {
    const entry = { type: "tendermint/LightClientAttackEvidence", value: { ConflictingBlock: {}, CommonHeight: "120", ByzantineValidators: [{ address: "ab".repeat(20), voting_power: "10" }, { address: "CD".repeat(20), voting_power: "5" }], TotalVotingPower: "40", Timestamp: "2026-11-28T00:00:00Z" } };
    expect(readEvidence(entry)).toEqual({ kind: "light_client_attack", type: "tendermint/LightClientAttackEvidence", height: "120", time: "2026-11-28T00:00:00Z", validators: ["AB".repeat(20), "CD".repeat(20)] });
  });

  it("keeps what it cannot read as unknown evidence with no validator, and refuses nothing", () => {
    const vote = (list[0] as { value: { vote_a: object } }).value.vote_a;
    const hostile: unknown[] = [
      null,
      "evidence",
      { type: 7 },
      { type: "tendermint/DuplicateVoteEvidence", value: { vote_a: vote } },
      { type: "tendermint/DuplicateVoteEvidence", value: { vote_a: { ...vote, validator_address: "not-an-address" }, vote_b: vote } },
      { type: "tendermint/LightClientAttackEvidence", value: { CommonHeight: "-1" } },
      { type: "x".repeat(129), value: {} },
      { type: "cosmos/SomethingNew", value: { validator: "AB".repeat(20) } },
    ];
    const read = readBlockEvidence(hostile);
    expect(read).toHaveLength(hostile.length);
    expect(read.every((e) => e.kind === "unknown" && e.validators.length === 0 && e.height === null)).toBe(true);
    expect(read.at(-1)!.type).toBe("cosmos/SomethingNew");
  });

  it("reads a missing or null list (nodes send null when a block has none) as none", () => {
    expect(readBlockEvidence(null)).toEqual([]);
    expect(readBlockEvidence(undefined)).toEqual([]);
  });
});
