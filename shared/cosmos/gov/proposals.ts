import type { TallyResult } from "cosmjs-types/cosmos/gov/v1/gov";
import {
  QueryDepositsRequest, QueryDepositsResponse, QueryParamsRequest, QueryParamsResponse, QueryProposalRequest, QueryProposalResponse,
  QueryProposalsRequest, QueryProposalsResponse, QueryTallyResultRequest, QueryTallyResultResponse, QueryVoteRequest, QueryVoteResponse,
} from "cosmjs-types/cosmos/gov/v1/query";
import type { Proposal } from "cosmjs-types/cosmos/gov/v1/gov";
import type { AbciQueryDef } from "../abci-query.js";
import type { GovParams, ProposalDetail, ProposalSummary, Tally, WeightedOption } from "./proposal-types.js";
import { coins, int, optionName, statusName } from "./wire-words.js";
import { legacyDepositsQuery, legacyGovParamsQuery, legacyProposalQuery, legacyProposalsQuery, legacyTallyQuery, legacyVoteQuery } from "./legacy-proposals.js";
import { timestampIso } from "../staking/account-stakes.js";

/**
 * The governance page's reads, x/gov v1 over ABCI (https://docs.cosmos.network/main/build/modules/gov#grpc),
 * each with its v1beta1 twin (legacy-proposals.ts) for a node that does not know the v1 path.
 * Titles, summaries and metadata are attacker-chosen text: cut to a bound here, shown as text only.
 */
export type { GovParams, ProposalDetail, ProposalStatusName, ProposalSummary, Tally, VoteOptionName, WeightedOption } from "./proposal-types.js";

const tally = (t: TallyResult | undefined): Tally => ({ yes: int(t?.yesCount ?? ""), abstain: int(t?.abstainCount ?? ""), no: int(t?.noCount ?? ""), noWithVeto: int(t?.noWithVetoCount ?? "") });
const summary = (p: Proposal): ProposalSummary => ({
  id: String(p.id),
  title: p.title.slice(0, 300),
  status: statusName(p.status),
  votingEndTime: timestampIso(p.votingEndTime),
  finalTally: tally(p.finalTallyResult),
});

/** The newest 100 proposals, any status, newest first. */
export const proposalsQuery: AbciQueryDef<Record<string, never>, ProposalSummary[]> = {
  path: "/cosmos.gov.v1.Query/Proposals",
  legacy: legacyProposalsQuery,
  encode: () => QueryProposalsRequest.encode(QueryProposalsRequest.fromPartial({ pagination: { limit: 100n, reverse: true } })).finish(),
  decode: (value) => QueryProposalsResponse.decode(value).proposals.map(summary),
};

export const proposalQuery: AbciQueryDef<{ id: string }, ProposalDetail> = {
  path: "/cosmos.gov.v1.Query/Proposal",
  legacy: legacyProposalQuery,
  encode: ({ id }) => QueryProposalRequest.encode({ proposalId: BigInt(id) }).finish(),
  decode: (value) => {
    const p = QueryProposalResponse.decode(value).proposal;
    if (!p) throw new Error("the node answered without a proposal");
    return {
      ...summary(p),
      summary: p.summary.slice(0, 10_000),
      metadata: p.metadata.slice(0, 1_000),
      proposer: p.proposer.slice(0, 128),
      messages: p.messages.slice(0, 50).map((m) => m.typeUrl.slice(0, 200)),
      submitTime: timestampIso(p.submitTime),
      depositEndTime: timestampIso(p.depositEndTime),
      votingStartTime: timestampIso(p.votingStartTime),
      totalDeposit: coins(p.totalDeposit),
      expedited: p.expedited,
    };
  },
};

/** The live tally of a proposal in its voting period. */
export const tallyQuery: AbciQueryDef<{ id: string }, Tally> = {
  path: "/cosmos.gov.v1.Query/TallyResult",
  legacy: legacyTallyQuery,
  encode: ({ id }) => QueryTallyResultRequest.encode({ proposalId: BigInt(id) }).finish(),
  decode: (value) => tally(QueryTallyResultResponse.decode(value).tally),
};

/** Quorum, threshold and veto threshold (decimal fractions as the chain states them), deposit and voting period. */
export const govParamsQuery: AbciQueryDef<Record<string, never>, GovParams> = {
  path: "/cosmos.gov.v1.Query/Params",
  legacy: legacyGovParamsQuery,
  encode: () => QueryParamsRequest.encode({ paramsType: "tallying" }).finish(),
  decode: (value) => {
    const r = QueryParamsResponse.decode(value);
    const p = r.params;
    const dec = (s: string | undefined) => (s && /^\d{1,20}(\.\d{1,18})?$/.test(s) ? s.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "") : "?");
    return {
      quorum: dec(p?.quorum ?? r.tallyParams?.quorum),
      threshold: dec(p?.threshold ?? r.tallyParams?.threshold),
      vetoThreshold: dec(p?.vetoThreshold ?? r.tallyParams?.vetoThreshold),
      minDeposit: coins(p?.minDeposit ?? []),
      votingPeriodSeconds: String(p?.votingPeriod?.seconds ?? 0n),
      expeditedThreshold: dec(p?.expeditedThreshold),
      expeditedMinDeposit: coins(p?.expeditedMinDeposit ?? []),
    };
  },
};

/**
 * The rules a proposal is held to: an expedited one passes only above the expedited threshold and
 * enters voting only with the expedited minimum deposit, where the chain names them.
 */
export function proposalRules(params: GovParams, expedited: boolean): { readonly threshold: string; readonly minDeposit: GovParams["minDeposit"] } {
  if (!expedited) return { threshold: params.threshold, minDeposit: params.minDeposit };
  return {
    threshold: params.expeditedThreshold !== "?" ? params.expeditedThreshold : params.threshold,
    minDeposit: params.expeditedMinDeposit.length ? params.expeditedMinDeposit : params.minDeposit,
  };
}

export const depositsQuery: AbciQueryDef<{ id: string }, ReadonlyArray<{ readonly depositor: string; readonly amount: ReturnType<typeof coins> }>> = {
  path: "/cosmos.gov.v1.Query/Deposits",
  legacy: legacyDepositsQuery,
  encode: ({ id }) => QueryDepositsRequest.encode(QueryDepositsRequest.fromPartial({ proposalId: BigInt(id), pagination: { limit: 100n } })).finish(),
  decode: (value) => QueryDepositsResponse.decode(value).deposits.map((d) => ({ depositor: d.depositor.slice(0, 128), amount: coins(d.amount) })),
};

/**
 * How `voter` voted: each option with its weight ("1" for a plain vote). The module answers a
 * non-zero code for an account that has not voted, which the caller reads as "no vote".
 */
export const voteQuery: AbciQueryDef<{ id: string; voter: string }, WeightedOption[]> = {
  path: "/cosmos.gov.v1.Query/Vote",
  legacy: legacyVoteQuery,
  encode: ({ id, voter }) => QueryVoteRequest.encode({ proposalId: BigInt(id), voter }).finish(),
  decode: (value) =>
    (QueryVoteResponse.decode(value).vote?.options ?? []).slice(0, 4).flatMap((o) => {
      const option = optionName(o.option);
      const weight = /^\d(\.\d{1,18})?$/.test(o.weight) ? o.weight.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "") : "?";
      return option ? [{ option, weight }] : [];
    }),
};
