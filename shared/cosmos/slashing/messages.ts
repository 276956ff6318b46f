import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";

/** The slashing module's messages by type URL (https://docs.cosmos.network/main/build/modules/slashing#messages). */
export const slashingMessages = {
  "/cosmos.slashing.v1beta1.MsgUnjail": MsgUnjail,
};
