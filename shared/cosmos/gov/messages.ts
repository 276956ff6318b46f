import { MsgDeposit, MsgVote, MsgVoteWeighted } from "cosmjs-types/cosmos/gov/v1beta1/tx";

/** The gov module's messages by type URL (https://docs.cosmos.network/main/build/modules/gov#messages). */
export const govMessages = {
  "/cosmos.gov.v1beta1.MsgVote": MsgVote,
  "/cosmos.gov.v1beta1.MsgVoteWeighted": MsgVoteWeighted,
  "/cosmos.gov.v1beta1.MsgDeposit": MsgDeposit,
};
