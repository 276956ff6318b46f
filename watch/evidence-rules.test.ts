import { describe, expect, it } from "vitest";
import type { BlockEvidence } from "../shared/contract/chain-types.js";
import { DEFAULT_WATCH_RULES, type WatchConfig } from "../shared/contract/watch.js";
import { type EvidenceSeen, evidenceConditions, recordEvidence } from "./evidence-rules.js";

const A = "A898CAF0CA46E6C8C5A0736CDC6945D91EF2683C";
const B = "C16CE8AF44A52B29A90A0126178C47F84A2F4211";
const config: WatchConfig = { validators: [{ address: A, ref: A, label: "" }], nodes: [], rules: DEFAULT_WATCH_RULES, webhook: { url: null, timeoutMs: 5000 } };
const vote = (address: string, height: string): BlockEvidence => ({ kind: "duplicate_vote", type: "tendermint/DuplicateVoteEvidence", height, time: null, validators: [address.toLowerCase()] });

describe("double-sign evidence against watched validators", () => {
  it("fires for a watched validator a block names, with the block, the height and the type", () => {
    const seen = new Map<string, EvidenceSeen>();
    expect(recordEvidence(seen, "32", [vote(A, "31"), vote(B, "30")])).toEqual([A, B]);
    const c = evidenceConditions(config, DEFAULT_WATCH_RULES, seen, () => "node1");
    expect(c).toHaveLength(1); // B is not watched
    expect(c[0]).toMatchObject({ kind: "double_sign_evidence", subject: A, title: "Double-sign evidence against node1" });
    expect(c[0]!.message).toContain("Block 32");
    expect(c[0]!.message).toContain("at height 31");
    expect(c[0]!.message).toContain("tendermint/DuplicateVoteEvidence");
  });

  it("keeps the first block that named a validator, and names none for blocks without evidence", () => {
    const seen = new Map<string, EvidenceSeen>();
    expect(recordEvidence(seen, "40", [])).toEqual([]);
    recordEvidence(seen, "41", [vote(A, "39")]);
    expect(recordEvidence(seen, "42", [vote(A, "40")])).toEqual([]);
    expect(seen.get(A)).toMatchObject({ blockHeight: "41", infractionHeight: "39" });
  });

  it("is off when the rule is", () => {
    const seen = new Map<string, EvidenceSeen>();
    recordEvidence(seen, "32", [vote(A, "31")]);
    expect(evidenceConditions(config, { ...DEFAULT_WATCH_RULES, doubleSign: { enabled: false } }, seen, () => null)).toEqual([]);
  });
});
