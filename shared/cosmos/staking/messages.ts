import { MsgBeginRedelegate, MsgCancelUnbondingDelegation, MsgCreateValidator, MsgDelegate, MsgEditValidator, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";

/** The staking module's messages by type URL (https://docs.cosmos.network/main/build/modules/staking#messages). */
export const stakingMessages = {
  "/cosmos.staking.v1beta1.MsgDelegate": MsgDelegate,
  "/cosmos.staking.v1beta1.MsgUndelegate": MsgUndelegate,
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": MsgBeginRedelegate,
  "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation": MsgCancelUnbondingDelegation,
  "/cosmos.staking.v1beta1.MsgCreateValidator": MsgCreateValidator,
  "/cosmos.staking.v1beta1.MsgEditValidator": MsgEditValidator,
};
