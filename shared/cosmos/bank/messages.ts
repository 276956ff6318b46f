import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";

export const MSG_SEND_TYPE_URL = "/cosmos.bank.v1beta1.MsgSend";

/** The bank module's messages by type URL (https://docs.cosmos.network/main/build/modules/bank#messages). */
export const bankMessages = {
  [MSG_SEND_TYPE_URL]: MsgSend,
  "/cosmos.bank.v1beta1.MsgMultiSend": MsgMultiSend,
};
