import { fromHex, toBase64 } from "@cosmjs/encoding";
import { Any } from "cosmjs-types/google/protobuf/any";
import { ProposalStatus, TextProposal, VoteOption } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import * as Legacy from "cosmjs-types/cosmos/gov/v1beta1/query";
import { describe, expect, it } from "vitest";
import { runAbciQuery } from "../../../electron/services/rpc/module-query.js";
import { abciRead } from "../../../renderer/src/api/abci-read.js";
import type { CometdeskApi } from "../../api.js";
import { govParamsQuery, proposalQuery, proposalsQuery, tallyQuery, voteQuery } from "./proposals.js";
import { readVote, readVotingProposals } from "./queries.js";

/**
 * A chain whose x/gov answers only v1beta1: the v1 paths are refused as the SDK's baseapp refuses
 * a path no query server registered (cosmos-sdk@v0.53.8 baseapp/abci.go: ErrUnknownRequest,
 * code 6 in codespace "sdk", "unknown query path"), and v1beta1 answers in its own shapes
 * (cosmos-sdk@v0.47.17 x/gov/types/v1beta1/gov.pb.go and query.pb.go: a proposal's `content`
 * Any, TallyResult's `yes`…, TallyParams' LegacyDec bytes, WeightedVoteOption's LegacyDec weight).
 */
const content = Any.fromPartial({ typeUrl: "/cosmos.gov.v1beta1.TextProposal", value: TextProposal.encode({ title: "Raise the block size", description: "Twice as large." }).finish() });
const proposal = {
  proposalId: 7n,
  content,
  status: ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD,
  finalTallyResult: { yes: "0", abstain: "0", no: "0", noWithVeto: "0" },
  votingEndTime: { seconds: 1_800_000_000n, nanos: 0 },
  totalDeposit: [{ denom: "stake", amount: "10000000" }],
};
const dec = (s: string) => new TextEncoder().encode(s);
const legacyAnswers: Record<string, (data: Uint8Array) => Uint8Array> = {
  "/cosmos.gov.v1beta1.Query/Proposals": () => Legacy.QueryProposalsResponse.encode(Legacy.QueryProposalsResponse.fromPartial({ proposals: [proposal] })).finish(),
  "/cosmos.gov.v1beta1.Query/Proposal": () => Legacy.QueryProposalResponse.encode(Legacy.QueryProposalResponse.fromPartial({ proposal })).finish(),
  "/cosmos.gov.v1beta1.Query/TallyResult": () => Legacy.QueryTallyResultResponse.encode({ tally: { yes: "30", abstain: "1", no: "2", noWithVeto: "0" } }).finish(),
  "/cosmos.gov.v1beta1.Query/Params": () =>
    Legacy.QueryParamsResponse.encode(Legacy.QueryParamsResponse.fromPartial({ tallyParams: { quorum: dec("334000000000000000"), threshold: dec("500000000000000000"), vetoThreshold: dec("334000000000000000") } })).finish(),
  "/cosmos.gov.v1beta1.Query/Vote": () =>
    Legacy.QueryVoteResponse.encode(Legacy.QueryVoteResponse.fromPartial({ vote: { proposalId: 7n, voter: "cosmos1v", options: [{ option: VoteOption.VOTE_OPTION_YES, weight: "700000000000000000" }, { option: VoteOption.VOTE_OPTION_NO, weight: "300000000000000000" }] } })).finish(),
};
const asked: string[] = [];
async function abciQuery(q: { path: string; data?: string }) {
  asked.push(q.path);
  const answer = legacyAnswers[q.path];
  if (!answer) return { code: 6, codespace: "sdk", log: "unknown query path: unknown request", key: "", value: "", height: "5", index: "0" };
  return { code: 0, codespace: "", log: "", key: "", value: toBase64(answer(fromHex(q.data ?? ""))), height: "5", index: "0" };
}
const api = { chain: { abciQuery: async (q: { path: string; data?: string }) => ({ ok: true as const, value: await abciQuery(q) }) } } as unknown as CometdeskApi;

describe("governance reads on a chain that answers only x/gov v1beta1", () => {
  it("the Governance page's reads fall back to v1beta1 and read its shapes", async () => {
    expect(await abciRead(api, proposalsQuery, {})).toEqual([
      { id: "7", title: "Raise the block size", status: "voting period", votingEndTime: "2027-01-15T08:00:00.000Z", finalTally: { yes: "0", abstain: "0", no: "0", noWithVeto: "0" } },
    ]);
    expect(await abciRead(api, proposalQuery, { id: "7" })).toMatchObject({ summary: "Twice as large.", messages: ["/cosmos.gov.v1beta1.TextProposal"], totalDeposit: [{ denom: "stake", amount: "10000000" }], expedited: false });
    expect(await abciRead(api, tallyQuery, { id: "7" })).toEqual({ yes: "30", abstain: "1", no: "2", noWithVeto: "0" });
    expect(await abciRead(api, govParamsQuery, {})).toMatchObject({ quorum: "0.334", threshold: "0.5", vetoThreshold: "0.334" });
    expect(await abciRead(api, voteQuery, { id: "7", voter: "cosmos1v" })).toEqual([{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }]);
  });

  it("main's runner falls back the same way", async () => {
    expect(await runAbciQuery(abciQuery, tallyQuery, { id: "7" }, "gov_failed", "tally")).toEqual({ yes: "30", abstain: "1", no: "2", noWithVeto: "0" });
  });

  it("the watch's reads of proposals in voting and of a vote fall back too", async () => {
    asked.length = 0;
    expect(await readVotingProposals(abciQuery)).toEqual({ available: true, proposals: [{ id: "7", title: "Raise the block size", votingEndTime: "2027-01-15T08:00:00.000Z" }] });
    expect(asked).toEqual(["/cosmos.gov.v1.Query/Proposals", "/cosmos.gov.v1beta1.Query/Proposals"]);
    expect(await readVote(abciQuery, "7", "cosmos1v")).toBe("weighted");
  });

  it("a refusal that is not an unknown path (no such proposal) is not asked again in v1beta1", async () => {
    asked.length = 0;
    const notFound = async (q: { path: string }) => (asked.push(q.path), { code: 3, codespace: "gov", log: "proposal 9 doesn't exist: key not found", key: "", value: "", height: "5", index: "0" });
    await expect(abciRead({ chain: { abciQuery: async (q: { path: string }) => ({ ok: true, value: await notFound(q) }) } } as unknown as CometdeskApi, proposalQuery, { id: "9" })).rejects.toThrow(/doesn't exist/);
    expect(asked).toEqual(["/cosmos.gov.v1.Query/Proposal"]);
  });
});
