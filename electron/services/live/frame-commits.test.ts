import { describe, expect, it } from "vitest";
import { createFrameCommits, newBlockFrame } from "./frame-commits.js";

// The shape of a CometBFT v0.38 NewBlock websocket frame, reduced to the fields the parser reads
// and a few it must ignore; the third signature is absent (flag 1, empty address).
const frame = (height: number, hash = "AB".repeat(32)) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: "cometdesk-newblock",
    result: {
      query: "tm.event='NewBlock'",
      data: {
        type: "tendermint/event/NewBlock",
        value: {
          block: {
            header: { height: String(height), validators_hash: hash.toLowerCase(), app_hash: "00" },
            data: { txs: [] },
            last_commit: {
              height: String(height - 1),
              round: 0,
              signatures: [
                { block_id_flag: 2, validator_address: "aa".repeat(20), signature: "x" },
                { block_id_flag: 3, validator_address: "BB".repeat(20), signature: "y" },
                { block_id_flag: 1, validator_address: "", signature: null },
              ],
            },
          },
        },
      },
    },
  });

describe("NewBlock frames", () => {
  it("reads the height, the validator-set hash and who signed the block before", () => {
    expect(newBlockFrame(frame(12))).toEqual({
      height: 12n,
      validatorsHash: "AB".repeat(32),
      lastCommit: { height: 11n, signatures: [{ flag: 2, address: "AA".repeat(20) }, { flag: 3, address: "BB".repeat(20) }, { flag: 1, address: "" }] },
      txs: expect.any(Function),
    });
  });

  it("ignores anything else: acks, junk, and frames with fields of the wrong shape", () => {
    expect(newBlockFrame(JSON.stringify({ jsonrpc: "2.0", id: "x", result: {} }))).toBeUndefined();
    expect(newBlockFrame("not json")).toBeUndefined();
    expect(newBlockFrame(frame(12).replace('"height":"12"', '"height":"-1"'))).toBeUndefined();
    expect(newBlockFrame(frame(12).replace('"block_id_flag":2', '"block_id_flag":"2"'))).toBeUndefined();
  });

  it("joins a height's signatures (from the next frame) with its set hash (from its own frame), per network", () => {
    const commits = createFrameCommits();
    commits.add("devnet", newBlockFrame(frame(11, "11".repeat(32)))!);
    commits.add("devnet", newBlockFrame(frame(12, "12".repeat(32)))!);
    expect(commits.get("devnet", 11n)).toMatchObject({ height: 11n, validatorsHash: "11".repeat(32) });
    expect(commits.get("devnet", 10n)?.validatorsHash).toBeUndefined(); // its own frame was never seen
    expect(commits.get("other", 11n)).toBeUndefined();
    for (let h = 13; h < 100; h++) commits.add("devnet", newBlockFrame(frame(h))!);
    expect(commits.get("devnet", 11n)).toBeUndefined(); // only the last few are kept
    expect(commits.get("devnet", 98n)).toBeDefined();
  });

  it("reads the block's evidence, kept per height, and tells a frame without the field from one with none", () => {
    const withEvidence = (height: number, list: unknown) => frame(height).replace('"data":{"txs":[]}', `"data":{"txs":[]},"evidence":{"evidence":${JSON.stringify(list)}}`);
    const vote = (address: string) => ({ type: "vote", height: "7", round: 0, validator_address: address, timestamp: "2026-12-07T00:00:00Z" });
    const duplicate = { type: "tendermint/DuplicateVoteEvidence", value: { vote_a: vote("cc".repeat(20)), vote_b: vote("cc".repeat(20)), TotalVotingPower: "40", ValidatorPower: "10", Timestamp: "2026-12-07T00:00:01Z" } };
    expect(newBlockFrame(frame(12))!.evidence).toBeUndefined();
    expect(newBlockFrame(withEvidence(12, null))!.evidence).toEqual([]);
    expect(newBlockFrame(withEvidence(12, [duplicate]))!.evidence).toEqual([{ kind: "duplicate_vote", type: "tendermint/DuplicateVoteEvidence", height: "7", time: "2026-12-07T00:00:01Z", validators: ["CC".repeat(20)] }]);
    expect(newBlockFrame(withEvidence(12, "not a list"))).toBeUndefined();
    const commits = createFrameCommits();
    commits.add("devnet", newBlockFrame(withEvidence(12, [duplicate]))!);
    commits.add("devnet", newBlockFrame(frame(13))!);
    expect(commits.evidence("devnet", 12n)).toHaveLength(1);
    expect(commits.evidence("devnet", 13n)).toBeUndefined(); // its frame had no evidence field: the watch reads the block
    expect(commits.evidence("other", 12n)).toBeUndefined();
  });
});
