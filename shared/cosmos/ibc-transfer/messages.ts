import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";

/** ICS-20 token transfers, decoded in the explorer only (IBC is out of scope for signing). */
export const ibcTransferMessages = {
  "/ibc.applications.transfer.v1.MsgTransfer": MsgTransfer,
};
