import { fromBase64, toHex } from "@cosmjs/encoding";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalsRequest, QueryProposalsResponse, QueryVoteRequest, QueryVoteResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import * as Legacy from "cosmjs-types/cosmos/gov/v1beta1/query";
import { unknownQueryPath } from "../../net/unknown-query-path.js";
import type { ResultOf } from "../../contract/index.js";

type AbciQuery = (args: { path: string; data?: string; height?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/**
 * x/gov v1 reads (https://docs.cosmos.network/main/build/modules/gov#queries), and v1beta1's for a
 * node that does not know the v1 paths (its enums have the same numbers; a proposal's title is
 * field 1 of its legacy content).
 */
export const PROPOSALS_PATH = "/cosmos.gov.v1.Query/Proposals";
export const VOTE_PATH = "/cosmos.gov.v1.Query/Vote";
const LEGACY_PROPOSALS_PATH = "/cosmos.gov.v1beta1.Query/Proposals";
const LEGACY_VOTE_PATH = "/cosmos.gov.v1beta1.Query/Vote";
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
  let legacy = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const request = { proposalStatus: ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD, pagination: { key, limit: 100n } };
    const data = legacy ? Legacy.QueryProposalsRequest.encode(Legacy.QueryProposalsRequest.fromPartial(request)).finish() : QueryProposalsRequest.encode(QueryProposalsRequest.fromPartial(request)).finish();
    const answer = await abciQuery({ path: legacy ? LEGACY_PROPOSALS_PATH : PROPOSALS_PATH, data: toHex(data), height });
    if (!legacy && page === 0 && unknownQueryPath(answer)) {
      legacy = true;
      page--;
      continue;
    }
    if (answer.code !== 0) return { available: false, reason: (answer.log || `code ${answer.code}`).slice(0, 300) };
    height = answer.height;
    let decoded: { proposals: Array<{ id: string; title: string; votingEndTime?: { seconds: bigint } }>; nextKey: Uint8Array };
    try {
      decoded = legacy ? legacyPage(fromBase64(answer.value)) : v1Page(fromBase64(answer.value));
    } catch {
      return { available: false, reason: "the proposals answer did not decode" };
    }
    for (const p of decoded.proposals) {
      const end = p.votingEndTime ? Number(p.votingEndTime.seconds) * 1000 : Number.NaN;
      proposals.push({ id: p.id, title: p.title.slice(0, 300), votingEndTime: Number.isFinite(end) && Math.abs(end) < 8.64e15 ? new Date(end).toISOString() : null });
    }
    key = decoded.nextKey;
    if (key.length === 0) break;
  }
  return { available: true, proposals };
}

function v1Page(value: Uint8Array) {
  const r = QueryProposalsResponse.decode(value);
  return { proposals: r.proposals.map((p) => ({ id: String(p.id), title: p.title, votingEndTime: p.votingEndTime })), nextKey: r.pagination?.nextKey ?? new Uint8Array() };
}

function legacyPage(value: Uint8Array) {
  const r = Legacy.QueryProposalsResponse.decode(value);
  const title = (c: { value: Uint8Array } | undefined) => (c ? TextProposal.decode(c.value).title : "");
  return { proposals: r.proposals.map((p) => ({ id: String(p.proposalId), title: title(p.content), votingEndTime: p.votingEndTime })), nextKey: r.pagination?.nextKey ?? new Uint8Array() };
}

const OPTION: Partial<Record<VoteOption, string>> = {
  [VoteOption.VOTE_OPTION_YES]: "yes",
  [VoteOption.VOTE_OPTION_ABSTAIN]: "abstain",
  [VoteOption.VOTE_OPTION_NO]: "no",
  [VoteOption.VOTE_OPTION_NO_WITH_VETO]: "no_with_veto",
};

/** How `voter` voted on a proposal ("yes", "no", …, "weighted"), or null when it has not voted. */
export async function readVote(abciQuery: AbciQuery, proposalId: string, voter: string): Promise<string | null> {
  let answer = await abciQuery({ path: VOTE_PATH, data: toHex(QueryVoteRequest.encode({ proposalId: BigInt(proposalId), voter }).finish()) });
  const legacy = unknownQueryPath(answer);
  if (legacy) answer = await abciQuery({ path: LEGACY_VOTE_PATH, data: toHex(Legacy.QueryVoteRequest.encode({ proposalId: BigInt(proposalId), voter }).finish()) });
  if (answer.code !== 0) return null; // the module answers "not found" for an account that has not voted
  try {
    const bytes = fromBase64(answer.value);
    const vote = legacy ? Legacy.QueryVoteResponse.decode(bytes).vote : QueryVoteResponse.decode(bytes).vote;
    // A v1beta1 vote from before weighted votes (SDK 0.43) has only its one `option`.
    const options = vote?.options.length ? vote.options : vote && "option" in vote && vote.option ? [{ option: vote.option }] : [];
    if (options.length === 0) return null;
    return options.length === 1 ? (OPTION[options[0]!.option] ?? "unspecified") : "weighted";
  } catch {
    return null;
  }
}
