import { z } from "zod";
import { action, ActionAddress } from "../action.js";

/** Vote options as the gov module numbers them (cosmos.gov.v1beta1.VoteOption). */
export const VOTE_OPTIONS = { yes: 1, abstain: 2, no: 3, no_with_veto: 4 } as const;

/** The gov module's actions (https://docs.cosmos.network/main/build/modules/gov#messages). */
export const govActions = {
  "/cosmos.gov.v1beta1.MsgVote": action({
    typeUrl: "/cosmos.gov.v1beta1.MsgVote",
    aminoType: "cosmos-sdk/MsgVote",
    value: z.strictObject({ proposalId: z.string().regex(/^[1-9]\d{0,19}$/, "expected a proposal number"), voter: ActionAddress, option: z.enum(["yes", "abstain", "no", "no_with_veto"]) }),
    signer: { field: "voter", kind: "account" },
    title: "Vote",
    review: (v) => [["Proposal", v.proposalId], ["Voter", v.voter], ["Option", v.option.replace(/_/g, " ")]],
    spend: () => [],
    toProto: (v) => ({ proposalId: BigInt(v.proposalId), voter: v.voter, option: VOTE_OPTIONS[v.option] }),
  }),
};
