import { z } from "zod";
import { action, ActionAddress, ActionCoin, coinText } from "../action.js";
import { MSG_SEND_TITLE } from "./titles.js";

/** The bank module's actions (https://docs.cosmos.network/main/build/modules/bank#messages). */
export const bankActions = {
  "/cosmos.bank.v1beta1.MsgSend": action({
    typeUrl: "/cosmos.bank.v1beta1.MsgSend",
    aminoType: "cosmos-sdk/MsgSend",
    value: z.strictObject({ fromAddress: ActionAddress, toAddress: ActionAddress, amount: z.array(ActionCoin).min(1).max(8) }),
    signer: { field: "fromAddress", kind: "account" },
    title: MSG_SEND_TITLE,
    review: (v) => [["From", v.fromAddress], ["To", v.toAddress], ["Amount", v.amount.map(coinText).join(", ")]],
    spend: (v) => v.amount,
    toProto: (v) => ({ ...v }),
  }),
};
