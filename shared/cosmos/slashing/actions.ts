import { z } from "zod";
import { action, ActionAddress } from "../action.js";

/** The slashing module's actions (https://docs.cosmos.network/main/build/modules/slashing#messages). */
export const slashingActions = {
  "/cosmos.slashing.v1beta1.MsgUnjail": action({
    typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail",
    aminoType: "cosmos-sdk/MsgUnjail",
    value: z.strictObject({ validatorAddr: ActionAddress }),
    signer: { field: "validatorAddr", kind: "validator" },
    title: "Unjail",
    review: (v) => [["Validator", v.validatorAddr]],
    spend: () => [],
    toProto: (v) => ({ ...v }),
  }),
};
