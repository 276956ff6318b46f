import { z } from "zod";
import { action, ActionAddress, ActionCoin, coinText, decimalFromAtomics } from "../action.js";
import { weightAtomics, weightsFault } from "./weights.js";

/** Vote options as the gov module numbers them (cosmos.gov.v1beta1.VoteOption). */
export const VOTE_OPTIONS = { yes: 1, abstain: 2, no: 3, no_with_veto: 4 } as const;

/** A vote option's name from its number; undefined for one the wallet does not cast. */
const optionName = (n: unknown) => Object.entries(VOTE_OPTIONS).find(([, v]) => v === n)?.[0];
const idText = (id: unknown) => (typeof id === "bigint" ? id.toString() : id);

const ProposalId = z.string().regex(/^[1-9]\d{0,19}$/, "expected a proposal number");
const VoteOption = z.enum(["yes", "abstain", "no", "no_with_veto"]);
/** A weighted vote's options: each once, each above 0, together exactly 1 (./weights.ts). */
const WeightedOptions = z
  .array(z.strictObject({ option: VoteOption, weight: z.string().max(20) }))
  .min(1)
  .max(4)
  .superRefine((options, ctx) => {
    const fault = weightsFault(options);
    if (fault) ctx.addIssue({ code: "custom", message: fault.problem });
  });

/** The gov module's actions (https://docs.cosmos.network/main/build/modules/gov#messages). */
export const govActions = {
  "/cosmos.gov.v1beta1.MsgVote": action({
    typeUrl: "/cosmos.gov.v1beta1.MsgVote",
    aminoType: "cosmos-sdk/MsgVote",
    value: z.strictObject({ proposalId: ProposalId, voter: ActionAddress, option: VoteOption }),
    signer: { field: "voter", kind: "account" },
    title: "Vote",
    review: (v) => [["Proposal", v.proposalId], ["Voter", v.voter], ["Option", v.option.replace(/_/g, " ")]],
    spend: () => [],
    toProto: (v) => ({ proposalId: BigInt(v.proposalId), voter: v.voter, option: VOTE_OPTIONS[v.option] }),
    fromProto: (m) => ({ proposalId: idText(m.proposalId), voter: m.voter, option: optionName(m.option) }),
  }),
  "/cosmos.gov.v1beta1.MsgVoteWeighted": action({
    typeUrl: "/cosmos.gov.v1beta1.MsgVoteWeighted",
    aminoType: "cosmos-sdk/MsgVoteWeighted",
    value: z.strictObject({ proposalId: ProposalId, voter: ActionAddress, options: WeightedOptions }),
    signer: { field: "voter", kind: "account" },
    title: "Weighted vote",
    review: (v) => [["Proposal", v.proposalId], ["Voter", v.voter], ...v.options.map((o): [string, string] => [`Weight of ${o.option.replace(/_/g, " ")}`, o.weight])],
    spend: () => [],
    toProto: (v) => ({ proposalId: BigInt(v.proposalId), voter: v.voter, options: v.options.map((o) => ({ option: VOTE_OPTIONS[o.option], weight: weightAtomics(o.weight) })) }),
    fromProto: (m) => ({
      proposalId: idText(m.proposalId),
      voter: m.voter,
      options: Array.isArray(m.options) ? m.options.map((o: { option?: unknown; weight?: unknown }) => ({ option: optionName(o.option), weight: decimalFromAtomics(o.weight) })) : m.options,
    }),
  }),
  "/cosmos.gov.v1beta1.MsgDeposit": action({
    typeUrl: "/cosmos.gov.v1beta1.MsgDeposit",
    aminoType: "cosmos-sdk/MsgDeposit",
    value: z.strictObject({ proposalId: ProposalId, depositor: ActionAddress, amount: z.array(ActionCoin).min(1).max(8) }),
    signer: { field: "depositor", kind: "account" },
    title: "Deposit",
    review: (v) => [["Proposal", v.proposalId], ["Depositor", v.depositor], ["Amount", v.amount.map(coinText).join(", ")]],
    // A deposit leaves the account (burned or refunded later): the funds check counts it.
    spend: (v) => v.amount,
    toProto: (v) => ({ proposalId: BigInt(v.proposalId), depositor: v.depositor, amount: v.amount }),
    fromProto: (m) => ({ proposalId: idText(m.proposalId), depositor: m.depositor, amount: m.amount }),
  }),
};
