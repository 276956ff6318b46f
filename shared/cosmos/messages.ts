import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgFundCommunityPool, MsgSetWithdrawAddress, MsgWithdrawDelegatorReward, MsgWithdrawValidatorCommission } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgDeposit, MsgVote } from "cosmjs-types/cosmos/gov/v1beta1/tx";
import { MsgBeginRedelegate, MsgCreateValidator, MsgDelegate, MsgEditValidator, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import type { JsonValue } from "../primitives.js";

interface Codec {
  decode(bytes: Uint8Array): unknown;
  toJSON(message: never): unknown;
}

/** Messages the explorer decodes into fields; any other type is shown as raw bytes. */
const CODECS: Record<string, Codec> = {
  "/cosmos.bank.v1beta1.MsgSend": MsgSend,
  "/cosmos.bank.v1beta1.MsgMultiSend": MsgMultiSend,
  "/cosmos.staking.v1beta1.MsgDelegate": MsgDelegate,
  "/cosmos.staking.v1beta1.MsgUndelegate": MsgUndelegate,
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": MsgBeginRedelegate,
  "/cosmos.staking.v1beta1.MsgCreateValidator": MsgCreateValidator,
  "/cosmos.staking.v1beta1.MsgEditValidator": MsgEditValidator,
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": MsgWithdrawDelegatorReward,
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": MsgWithdrawValidatorCommission,
  "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress": MsgSetWithdrawAddress,
  "/cosmos.distribution.v1beta1.MsgFundCommunityPool": MsgFundCommunityPool,
  "/cosmos.gov.v1beta1.MsgVote": MsgVote,
  "/cosmos.gov.v1beta1.MsgDeposit": MsgDeposit,
  "/ibc.applications.transfer.v1.MsgTransfer": MsgTransfer,
};

/** The message's fields as JSON, or undefined when its type is unknown or its bytes do not parse. */
export function decodeMessage(typeUrl: string, value: Uint8Array): JsonValue | undefined {
  const codec = CODECS[typeUrl];
  if (!codec) return undefined;
  try {
    return codec.toJSON(codec.decode(value) as never) as JsonValue;
  } catch {
    return undefined;
  }
}
