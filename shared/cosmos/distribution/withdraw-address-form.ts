import { describeAddressProblem, typedAddress } from "../../wallet/bech32-check.js";

/** The message that pays an account's staking rewards to another address, as `tx.prepare` takes it. */
export interface SetWithdrawAddressMessage {
  readonly typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress";
  readonly value: { readonly delegatorAddress: string; readonly withdrawAddress: string };
}

/**
 * Checks the address typed to receive `delegator`'s rewards and says what is wrong with it, or
 * gives the message to prepare, the address in lower case as the send form sends it.
 * `current` is where the chain pays them now. Main checks the address again (the action schema,
 * the prefix) before it signs.
 */
export function checkWithdrawAddress(text: string, ctx: { prefix: string; delegator: string; current: string | undefined }): { error: string; message?: undefined } | { error?: undefined; message: SetWithdrawAddressMessage } {
  const typed = typedAddress(text, ctx.prefix);
  if (typed.problem) return { error: describeAddressProblem(typed.problem) };
  if (typed.address === ctx.current) return { error: "Rewards are already paid to this address." };
  return { message: { typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: ctx.delegator, withdrawAddress: typed.address } } };
}
