import { fromHex, toBase64, toBech32 } from "@cosmjs/encoding";
import { QueryProposalsRequest, QueryProposalsResponse, QueryVoteRequest, QueryVoteResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryCurrentPlanResponse } from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import { describe, expect, it } from "vitest";
import { DEFAULT_WATCH_RULES } from "../shared/contract/watch.js";
import { CURRENT_PLAN_PATH } from "../shared/cosmos/upgrade/queries.js";
import { PROPOSALS_PATH, VOTE_PATH } from "../shared/cosmos/gov/queries.js";
import { chainEventConditions, readChainWatch } from "./chain-watch.js";

// A chain's answers made with the real encoders (a recorded-answer test of the readers): an
// upgrade plan at height 1100, one proposal in voting that validator A's operator voted yes on.
const A = "AA".repeat(20);
const B = "BB".repeat(20);
const operatorA = toBech32("cosmosvaloper", new Uint8Array(20).fill(1));
const voterA = toBech32("cosmos", new Uint8Array(20).fill(1));
const NOW = Date.parse("2026-01-01T00:00:00Z");
const answer = (value: Uint8Array | string, code = 0) => ({ code, codespace: "", log: code ? "unknown query path" : "", key: "", value: typeof value === "string" ? value : toBase64(value), height: "1000", index: "0" });

function chain(o: { upgrade?: boolean; gov?: boolean } = {}) {
  const asked: string[] = [];
  const abciQuery = async (q: { path: string; data?: string }) => {
    asked.push(q.path);
    if (q.path === CURRENT_PLAN_PATH) return o.upgrade === false ? answer("", 6) : answer(QueryCurrentPlanResponse.encode({ plan: { name: "v2", height: 1100n, info: "{}", time: { seconds: 0n, nanos: 0 } } }).finish());
    if (q.path === PROPOSALS_PATH) {
      if (o.gov === false) return answer("", 6);
      expect(QueryProposalsRequest.decode(fromHex(q.data!)).proposalStatus).toBe(ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
      return answer(QueryProposalsResponse.encode(QueryProposalsResponse.fromPartial({ proposals: [{ id: 7n, title: "Raise the limit", votingEndTime: { seconds: BigInt(NOW / 1000 + 3600), nanos: 0 } }] })).finish());
    }
    if (q.path === VOTE_PATH) {
      const { voter } = QueryVoteRequest.decode(fromHex(q.data!));
      if (voter !== voterA) return answer("", 1); // the module's "not found"
      return answer(QueryVoteResponse.encode(QueryVoteResponse.fromPartial({ vote: { proposalId: 7n, voter, options: [{ option: VoteOption.VOTE_OPTION_YES, weight: "1" }] } })).finish());
    }
    // A chain without x/gov knows neither version's path: the watch asks v1beta1 after v1.
    if (q.path === "/cosmos.gov.v1beta1.Query/Proposals" && o.gov === false) return answer("", 6);
    throw new Error(`unexpected ${q.path}`);
  };
  return { abciQuery, asked };
}

const validators = [{ address: A, operatorAddress: operatorA }, { address: B, operatorAddress: null }];
const config = { validators: [{ address: A, ref: A, label: "a" }, { address: B, ref: B, label: "b" }], nodes: [], rules: DEFAULT_WATCH_RULES, webhook: { url: null, timeoutMs: 5000 } };

describe("the chain watch", () => {
  it("reads the upgrade plan with an ETA from the usual block time, and who voted on each proposal in voting", async () => {
    const c = chain();
    const w = await readChainWatch({ abciQuery: c.abciQuery, height: 1000n, blockTimeMs: 2000, prefix: "cosmos", validators, now: NOW });
    expect(w.upgrade).toEqual({ available: true, reason: null, plan: { name: "v2", height: "1100", info: "{}", eta: "2026-01-01T00:03:20.000Z" } });
    expect(w.proposals).toEqual({ available: true, reason: null, items: [{ id: "7", title: "Raise the limit", votingEndTime: "2026-01-01T01:00:00.000Z", votes: [{ address: A, vote: "yes" }, { address: B, vote: null }] }] });
  });

  it("says which module the chain lacks instead of failing", async () => {
    const w = await readChainWatch({ abciQuery: chain({ upgrade: false, gov: false }).abciQuery, height: 1000n, blockTimeMs: null, prefix: "cosmos", validators, now: NOW });
    expect(w.upgrade).toEqual({ available: false, reason: "unknown query path", plan: null });
    expect(w.proposals).toEqual({ available: false, reason: "unknown query path", items: [] });
  });

  it("alerts on a scheduled upgrade, and on a vote due within the rule's hours, only for who has not voted", async () => {
    const w = await readChainWatch({ abciQuery: chain().abciQuery, height: 1000n, blockTimeMs: 2000, prefix: "cosmos", validators, now: NOW });
    const c = chainEventConditions(w, config, DEFAULT_WATCH_RULES, "Devnet", NOW);
    expect(c.map((x) => [x.kind, x.subject])).toEqual([["upgrade_planned", "v2@1100"], ["proposal_unvoted", `7:${B}`]]);
    const later = chainEventConditions(w, config, { ...DEFAULT_WATCH_RULES, proposalUnvoted: { enabled: true, hoursBefore: 24 } }, "Devnet", NOW - 2 * 86_400_000);
    expect(later.map((x) => x.kind)).toEqual(["upgrade_planned"]); // two days before: not due yet
  });
});
