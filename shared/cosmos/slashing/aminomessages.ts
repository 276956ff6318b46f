import type { AminoConverters } from "@cosmjs/stargate";
import type { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";

/**
 * Amino converter of MsgUnjail. CosmJS's `createSlashingAminoConverters` throws "Not
 * implemented"; the SDK's amino JSON names the validator `address` (its `amino.field_name`).
 */
export const slashingAminoConverters: AminoConverters = {
  "/cosmos.slashing.v1beta1.MsgUnjail": {
    aminoType: "cosmos-sdk/MsgUnjail",
    toAmino: ({ validatorAddr }: MsgUnjail) => ({ address: validatorAddr }),
    fromAmino: ({ address }: { address: string }): MsgUnjail => ({ validatorAddr: address }),
  },
};
