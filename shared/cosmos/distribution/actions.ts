import { z } from "zod";
import { action, ActionAddress } from "../action.js";

/** The distribution module's actions (https://docs.cosmos.network/main/build/modules/distribution#messages). */
export const distributionActions = {
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": action({
    typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward",
    aminoType: "cosmos-sdk/MsgWithdrawDelegationReward",
    value: z.strictObject({ delegatorAddress: ActionAddress, validatorAddress: ActionAddress }),
    signer: { field: "delegatorAddress", kind: "account" },
    title: "Withdraw rewards",
    review: (v) => [["Delegator", v.delegatorAddress], ["From validator", v.validatorAddress]],
    spend: () => [],
    toProto: (v) => ({ ...v }),
  }),
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": action({
    typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission",
    aminoType: "cosmos-sdk/MsgWithdrawValidatorCommission",
    value: z.strictObject({ validatorAddress: ActionAddress }),
    signer: { field: "validatorAddress", kind: "validator" },
    title: "Withdraw commission",
    review: (v) => [["Validator", v.validatorAddress]],
    spend: () => [],
    toProto: (v) => ({ ...v }),
  }),
  "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress": action({
    typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress",
    // The SDK keeps the message's older amino name.
    aminoType: "cosmos-sdk/MsgModifyWithdrawAddress",
    value: z.strictObject({ delegatorAddress: ActionAddress, withdrawAddress: ActionAddress }),
    signer: { field: "delegatorAddress", kind: "account" },
    title: "Set withdraw address",
    review: (v) => [["Delegator", v.delegatorAddress], ["Rewards go to", v.withdrawAddress]],
    spend: () => [],
    toProto: (v) => ({ ...v }),
  }),
};
