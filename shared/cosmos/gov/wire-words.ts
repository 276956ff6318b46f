import type { ProposalStatusName, VoteOptionName } from "./proposal-types.js";

/**
 * The words for x/gov's wire enums and the bounds put on its amounts, shared by the v1 reads
 * (proposals.ts) and the v1beta1 ones (legacy-proposals.ts): both generations number proposal
 * statuses and vote options alike (cosmos-sdk proto/cosmos/gov/v1 and v1beta1 gov.proto).
 */
const STATUS: Readonly<Record<number, ProposalStatusName>> = { 1: "deposit period", 2: "voting period", 3: "passed", 4: "rejected", 5: "failed" };
const OPTION: Readonly<Record<number, VoteOptionName>> = { 1: "yes", 2: "abstain", 3: "no", 4: "no_with_veto" };

/** A proposal status's words; an unknown number is "unspecified". */
export const statusName = (status: number): ProposalStatusName => STATUS[status] ?? "unspecified";
/** A vote option's words, or undefined for one the app does not know (unspecified included). */
export const optionName = (option: number): VoteOptionName | undefined => OPTION[option];
/** An integer amount as the chain sent it, or "0" for anything else (a hostile node's text). */
export const int = (s: string) => (/^\d{1,80}$/.test(s) ? s : "0");
/** At most 16 coins, each denom cut to 128 characters and each amount an integer. */
export const coins = (cs: ReadonlyArray<{ denom: string; amount: string }>) => cs.slice(0, 16).map((c) => ({ denom: c.denom.slice(0, 128), amount: int(c.amount) }));
