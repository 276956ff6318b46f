import { MEMO_TOO_LONG, memoTooLong } from "../../wallet/memo.js";
import { formatBaseAmount, parseDisplayAmount, type DenomUnit } from "../../wallet/amount.js";
import { addressProblem, describeAddressProblem } from "../../wallet/bech32-check.js";

/** The staking page's actions: each becomes one or more registered messages (./actions.ts, ../distribution/actions.ts). */
export const STAKE_KINDS = ["delegate", "undelegate", "redelegate", "withdraw"] as const;
export type StakeKind = (typeof STAKE_KINDS)[number];

/**
 * The unit stakes are typed and shown in: the chain's bond denom (its staking params' `bond_denom`,
 * or the one saved with the network), in the display unit the network has for it, else in base
 * units. Undefined while neither is known: a name that looks like a staking token is no answer,
 * since a chain's fee and staking denoms may differ (ucomet and ustake on the devnet).
 */
export function stakeUnit(network: { readonly denoms: readonly DenomUnit[]; readonly bondDenom?: string }, bondDenom: string | undefined): DenomUnit | undefined {
  const base = bondDenom || network.bondDenom;
  if (!base) return undefined;
  return network.denoms.find((d) => d.base === base) ?? { base, display: base, exponent: 0 };
}

/** What the user typed, as typed. */
export interface StakeDraft {
  readonly kind: StakeKind;
  readonly delegator: string;
  readonly validator: string;
  readonly destination: string;
  readonly amount: string;
  readonly memo: string;
}
export type StakeField = "delegator" | "validator" | "destination" | "amount" | "memo";

/** One message as `tx.prepare` takes it. */
export type StakeMessage =
  | { typeUrl: "/cosmos.staking.v1beta1.MsgDelegate" | "/cosmos.staking.v1beta1.MsgUndelegate"; value: { delegatorAddress: string; validatorAddress: string; amount: { denom: string; amount: string } } }
  | { typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate"; value: { delegatorAddress: string; validatorSrcAddress: string; validatorDstAddress: string; amount: { denom: string; amount: string } } }
  | { typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward"; value: { delegatorAddress: string; validatorAddress: string } };

/**
 * Checks each field and says what is wrong in it, or gives the messages to prepare. Withdraw
 * takes the rewards of every validator in `delegatedTo`, in one transaction. Main checks the
 * same again (the action schemas, the prefix, the funds) before it signs.
 *
 * What the form can know is checked here, before the chain's simulation would refuse it: a
 * delegation against what the account can spend in the stake's denom (`spendable`, base units),
 * an undelegation or a redelegation against what is delegated to the validator (`delegated`,
 * base units per operator address). Either is skipped while it is unread (undefined).
 */
export function checkStake(d: StakeDraft, ctx: { prefix: string; stake: DenomUnit; delegatedTo: readonly string[]; spendable?: bigint; delegated?: ReadonlyMap<string, bigint> }): { errors: Partial<Record<StakeField, string>>; messages?: StakeMessage[]; memo?: string } {
  const errors: Partial<Record<StakeField, string>> = {};
  const valoper = `${ctx.prefix}valoper`;
  if (!d.delegator) errors.delegator = "Pick the account that stakes.";
  const validatorProblem = (text: string) => {
    const p = addressProblem(text.trim(), valoper);
    return p ? describeAddressProblem(p) : undefined;
  };
  if (d.kind !== "withdraw") {
    const v = validatorProblem(d.validator);
    if (v) errors.validator = d.validator.trim() ? v : "Pick a validator.";
  }
  if (d.kind === "redelegate") {
    const v = validatorProblem(d.destination);
    if (v) errors.destination = d.destination.trim() ? v : "Pick the validator to move to.";
    else if (d.destination.trim() === d.validator.trim()) errors.destination = "That is the validator the stake is on already.";
  }
  const amount = d.kind === "withdraw" ? undefined : parseDisplayAmount(d.amount, ctx.stake.exponent);
  if (amount && !amount.ok) errors.amount = amount.message;
  const show = (base: bigint) => `${formatBaseAmount(base.toString(), ctx.stake.exponent)} ${ctx.stake.display}`;
  if (amount?.ok && !errors.validator) {
    const wanted = BigInt(amount.base);
    if (d.kind === "delegate" && ctx.spendable !== undefined && wanted > ctx.spendable) {
      errors.amount = `That is more than this account can spend: ${show(ctx.spendable)} is available (and the fee comes on top when it is paid in ${ctx.stake.display}).`;
    }
    if ((d.kind === "undelegate" || d.kind === "redelegate") && ctx.delegated !== undefined) {
      const has = ctx.delegated.get(d.validator.trim()) ?? 0n;
      if (has === 0n) errors.amount = "This account has no delegation to this validator: pick one it delegates to (the Delegations table lists them).";
      else if (wanted > has) errors.amount = `That is more than this account has delegated to this validator: ${show(has)}.`;
    }
  }
  if (d.kind === "withdraw" && ctx.delegatedTo.length === 0) errors.validator = "This account has no delegation, so no rewards to withdraw.";
  if (memoTooLong(d.memo)) errors.memo = MEMO_TOO_LONG;
  if (Object.keys(errors).length > 0) return { errors };

  const delegatorAddress = d.delegator;
  const coin = amount?.ok ? { denom: ctx.stake.base, amount: amount.base } : { denom: ctx.stake.base, amount: "0" };
  const validatorAddress = d.validator.trim();
  const messages: StakeMessage[] =
    d.kind === "delegate" ? [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress, validatorAddress, amount: coin } }]
    : d.kind === "undelegate" ? [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress, validatorAddress, amount: coin } }]
    : d.kind === "redelegate" ? [{ typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate", value: { delegatorAddress, validatorSrcAddress: validatorAddress, validatorDstAddress: d.destination.trim(), amount: coin } }]
    : ctx.delegatedTo.map((v) => ({ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward" as const, value: { delegatorAddress, validatorAddress: v } }));
  return { errors, messages, memo: d.memo || undefined };
}
