import { fromUtf8 } from "@cosmjs/encoding";
import { type Proposal, type TallyResult, TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import {
  QueryDepositsRequest, QueryDepositsResponse, QueryParamsRequest, QueryParamsResponse, QueryProposalRequest, QueryProposalResponse,
  QueryProposalsRequest, QueryProposalsResponse, QueryTallyResultRequest, QueryTallyResultResponse, QueryVoteRequest, QueryVoteResponse,
} from "cosmjs-types/cosmos/gov/v1beta1/query";
import type { AbciQueryDef } from "../abci-query.js";
import { decFromAtomics } from "../dec.js";
import { timestampIso } from "../staking/account-stakes.js";
import type { GovParams, ProposalDetail, ProposalSummary, Tally, WeightedOption } from "./proposal-types.js";
import { coins, int, optionName, statusName } from "./wire-words.js";

/**
 * The Governance page's reads in x/gov v1beta1 (cosmos-sdk x/gov/types/v1beta1/query.pb.go), for
 * a chain that answers only those (SDK 0.45 and before, or one that left v1 out): the same
 * answers as proposals.ts's v1 reads, from v1beta1's shapes. A v1beta1 proposal carries one
 * content (title and description are its fields 1 and 2 in every legacy content type) where v1
 * has messages, and no proposer, metadata or expedited flag; its tally counts are `yes`… not
 * `yes_count`…; its tally params and vote weights are LegacyDec atomics (10^18 scaled integers).
 */
const tally = (t: TallyResult | undefined): Tally => ({ yes: int(t?.yes ?? ""), abstain: int(t?.abstain ?? ""), no: int(t?.no ?? ""), noWithVeto: int(t?.noWithVeto ?? "") });
/** Title and description of any legacy content: fields 1 and 2 of each of them, read as TextProposal's. */
function content(p: Proposal): { title: string; description: string } {
  try {
    const c = p.content ? TextProposal.decode(p.content.value) : undefined;
    return { title: c?.title ?? "", description: c?.description ?? "" };
  } catch {
    return { title: "", description: "" };
  }
}
const summary = (p: Proposal): ProposalSummary => ({
  id: String(p.proposalId),
  title: content(p).title.slice(0, 300),
  status: statusName(p.status),
  votingEndTime: timestampIso(p.votingEndTime),
  finalTally: tally(p.finalTallyResult),
});
/** A LegacyDec sent as the bytes of its atomics' decimal text ("334000000000000000" → "0.334"), or "?". */
const decBytes = (b: Uint8Array | undefined) => {
  try {
    const text = b && b.length > 0 ? fromUtf8(b) : "";
    return /^\d{1,80}$/.test(text) ? decFromAtomics(text) : "?";
  } catch {
    return "?";
  }
};

export const legacyProposalsQuery: AbciQueryDef<Record<string, never>, ProposalSummary[]> = {
  path: "/cosmos.gov.v1beta1.Query/Proposals",
  encode: () => QueryProposalsRequest.encode(QueryProposalsRequest.fromPartial({ pagination: { limit: 100n, reverse: true } })).finish(),
  decode: (value) => QueryProposalsResponse.decode(value).proposals.map(summary),
};

export const legacyProposalQuery: AbciQueryDef<{ id: string }, ProposalDetail> = {
  path: "/cosmos.gov.v1beta1.Query/Proposal",
  encode: ({ id }) => QueryProposalRequest.encode({ proposalId: BigInt(id) }).finish(),
  decode: (value) => {
    const p = QueryProposalResponse.decode(value).proposal;
    if (!p) throw new Error("the node answered without a proposal");
    return {
      ...summary(p),
      summary: content(p).description.slice(0, 10_000),
      metadata: "",
      proposer: "",
      messages: p.content ? [p.content.typeUrl.slice(0, 200)] : [],
      submitTime: timestampIso(p.submitTime),
      depositEndTime: timestampIso(p.depositEndTime),
      votingStartTime: timestampIso(p.votingStartTime),
      totalDeposit: coins(p.totalDeposit),
      expedited: false,
    };
  },
};

export const legacyTallyQuery: AbciQueryDef<{ id: string }, Tally> = {
  path: "/cosmos.gov.v1beta1.Query/TallyResult",
  encode: ({ id }) => QueryTallyResultRequest.encode({ proposalId: BigInt(id) }).finish(),
  decode: (value) => tally(QueryTallyResultResponse.decode(value).tally),
};

/** v1beta1 answers one kind of params per call: the tallying ones here; deposit and voting period are left unknown. */
export const legacyGovParamsQuery: AbciQueryDef<Record<string, never>, GovParams> = {
  path: "/cosmos.gov.v1beta1.Query/Params",
  encode: () => QueryParamsRequest.encode({ paramsType: "tallying" }).finish(),
  decode: (value) => {
    const t = QueryParamsResponse.decode(value).tallyParams;
    return { quorum: decBytes(t?.quorum), threshold: decBytes(t?.threshold), vetoThreshold: decBytes(t?.vetoThreshold), minDeposit: [], votingPeriodSeconds: "0", expeditedThreshold: "?", expeditedMinDeposit: [] };
  },
};

export const legacyDepositsQuery: AbciQueryDef<{ id: string }, ReadonlyArray<{ readonly depositor: string; readonly amount: ReturnType<typeof coins> }>> = {
  path: "/cosmos.gov.v1beta1.Query/Deposits",
  encode: ({ id }) => QueryDepositsRequest.encode(QueryDepositsRequest.fromPartial({ proposalId: BigInt(id), pagination: { limit: 100n } })).finish(),
  decode: (value) => QueryDepositsResponse.decode(value).deposits.map((d) => ({ depositor: d.depositor.slice(0, 128), amount: coins(d.amount) })),
};

export const legacyVoteQuery: AbciQueryDef<{ id: string; voter: string }, WeightedOption[]> = {
  path: "/cosmos.gov.v1beta1.Query/Vote",
  encode: ({ id, voter }) => QueryVoteRequest.encode({ proposalId: BigInt(id), voter }).finish(),
  decode: (value) => {
    const vote = QueryVoteResponse.decode(value).vote;
    // Before weighted votes (SDK 0.43) a vote had only its one `option`.
    const options = vote?.options.length ? vote.options : vote && optionName(vote.option) ? [{ option: vote.option, weight: "1000000000000000000" }] : [];
    return options.slice(0, 4).flatMap((o) => {
      const option = optionName(o.option);
      return option ? [{ option, weight: /^\d{1,80}$/.test(o.weight) ? decFromAtomics(o.weight) : "?" }] : [];
    });
  },
};
