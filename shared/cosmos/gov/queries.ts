import { fromBase64, toHex } from "@cosmjs/encoding";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalsRequest, QueryProposalsResponse, QueryVoteRequest, QueryVoteResponse } from "cosmjs-types/cosmos/gov/v1/query";
import type { ResultOf } from "../../contract/index.js";

type AbciQuery = (args: { path: string; data?: string; height?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/** x/gov v1 reads (https://docs.cosmos.network/main/build/modules/gov#queries). */
export const PROPOSALS_PATH = "/cosmos.gov.v1.Query/Proposals";
export const VOTE_PATH = "/cosmos.gov.v1.Query/Vote";
/** A bound on a hostile node's paging: 10 pages of 100 proposals in voting at once. */
const MAX_PAGES = 10;

export interface VotingProposal {
  readonly id: string;
  /** Attacker-chosen text, shown as text only. */
  readonly title: string;
  readonly votingEndTime: string | null;
}

export type VotingProposals = { readonly available: false; readonly reason: string } | { readonly available: true; readonly proposals: VotingProposal[] };

/** Proposals in their voting period; a chain without x/gov says so instead of failing. */
export async function readVotingProposals(abciQuery: AbciQuery): Promise<VotingProposals> {
  const proposals: VotingProposal[] = [];
  let key: Uint8Array = new Uint8Array();
  let height: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const request = QueryProposalsRequest.fromPartial({ proposalStatus: ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD, pagination: { key, limit: 100n } });
    const answer = await abciQuery({ path: PROPOSALS_PATH, data: toHex(QueryProposalsRequest.encode(request).finish()), height });
    if (answer.code !== 0) return { available: false, reason: (answer.log || `code ${answer.code}`).slice(0, 300) };
    height = answer.height;
    let decoded: QueryProposalsResponse;
    try {
      decoded = QueryProposalsResponse.decode(fromBase64(answer.value));
    } catch {
      return { available: false, reason: "the proposals answer did not decode" };
    }
    for (const p of decoded.proposals) {
      const end = p.votingEndTime ? Number(p.votingEndTime.seconds) * 1000 : Number.NaN;
      proposals.push({ id: String(p.id), title: p.title.slice(0, 300), votingEndTime: Number.isFinite(end) && Math.abs(end) < 8.64e15 ? new Date(end).toISOString() : null });
    }
    key = decoded.pagination?.nextKey ?? new Uint8Array();
    if (key.length === 0) break;
  }
  return { available: true, proposals };
}

const OPTION: Partial<Record<VoteOption, string>> = {
  [VoteOption.VOTE_OPTION_YES]: "yes",
  [VoteOption.VOTE_OPTION_ABSTAIN]: "abstain",
  [VoteOption.VOTE_OPTION_NO]: "no",
  [VoteOption.VOTE_OPTION_NO_WITH_VETO]: "no_with_veto",
};

/** How `voter` voted on a proposal ("yes", "no", …, "weighted"), or null when it has not voted. */
export async function readVote(abciQuery: AbciQuery, proposalId: string, voter: string): Promise<string | null> {
  const answer = await abciQuery({ path: VOTE_PATH, data: toHex(QueryVoteRequest.encode({ proposalId: BigInt(proposalId), voter }).finish()) });
  if (answer.code !== 0) return null; // the module answers "not found" for an account that has not voted
  try {
    const options = QueryVoteResponse.decode(fromBase64(answer.value)).vote?.options ?? [];
    if (options.length === 0) return null;
    return options.length === 1 ? (OPTION[options[0]!.option] ?? "unspecified") : "weighted";
  } catch {
    return null;
  }
}
