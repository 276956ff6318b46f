/** What the Governance page reads of x/gov, whichever version of the module answered (v1 or v1beta1). */
export type ProposalStatusName = "deposit period" | "voting period" | "passed" | "rejected" | "failed" | "unspecified";
export type VoteOptionName = "yes" | "abstain" | "no" | "no_with_veto";
export interface Tally { readonly yes: string; readonly abstain: string; readonly no: string; readonly noWithVeto: string }
export interface ProposalSummary {
  readonly id: string;
  readonly title: string;
  readonly status: ProposalStatusName;
  readonly votingEndTime: string | null;
  /** The tally the chain stored when voting ended; zeros while it is open (read the live tally then). */
  readonly finalTally: Tally;
}
export interface ProposalDetail extends ProposalSummary {
  readonly summary: string;
  readonly metadata: string;
  readonly proposer: string;
  readonly messages: readonly string[];
  readonly submitTime: string | null;
  readonly depositEndTime: string | null;
  readonly votingStartTime: string | null;
  readonly totalDeposit: ReadonlyArray<{ readonly denom: string; readonly amount: string }>;
  readonly expedited: boolean;
}
export interface GovParams {
  readonly quorum: string;
  readonly threshold: string;
  readonly vetoThreshold: string;
  readonly minDeposit: ReadonlyArray<{ readonly denom: string; readonly amount: string }>;
  readonly votingPeriodSeconds: string;
  /** An expedited proposal's own threshold and minimum deposit (SDK 0.50+); "?" and none on an older chain. */
  readonly expeditedThreshold: string;
  readonly expeditedMinDeposit: ReadonlyArray<{ readonly denom: string; readonly amount: string }>;
}
export type WeightedOption = { readonly option: VoteOptionName; readonly weight: string };
