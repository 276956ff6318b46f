import { MEMO_TOO_LONG, memoTooLong } from "../../wallet/memo.js";
import { describeAddressProblem, typedAddress } from "../../wallet/bech32-check.js";
import { type DenomUnit, parseDisplayAmount, splitCoin } from "../../wallet/amount.js";
import { type Coin, type SpendFunds, spendProblems } from "../../wallet/spendable.js";

/** What the user typed, as typed. */
export interface SendDraft {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly denom: string;
  readonly memo: string;
  readonly fee: string;
  readonly gas: string;
}

export type SendField = "from" | "to" | "amount" | "memo" | "fee" | "gas";
export interface TransferArgsOut {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly memo?: string;
  readonly fee: string;
  readonly gas: string;
}

/**
 * Checks every field and says what is wrong in each, or gives the transfer in base units.
 * Nothing is sent unless this returns no errors; main checks the same things again.
 */
export function checkSend(d: SendDraft, ctx: { prefix: string; denoms: readonly DenomUnit[]; feeDenom: string }):
  { errors: Partial<Record<SendField, string>>; args?: TransferArgsOut } {
  const errors: Partial<Record<SendField, string>> = {};
  if (!d.from) errors.from = "Pick the account to send from.";
  const to = typedAddress(d.to, ctx.prefix);
  if (to.problem) errors.to = describeAddressProblem(to.problem);
  else if (to.address === d.from) errors.to = "That is the sending account itself.";
  const unit = ctx.denoms.find((u) => u.base === d.denom);
  const amount = unit ? parseDisplayAmount(d.amount, unit.exponent) : { ok: false as const, message: "Pick a denom." };
  if (!amount.ok) errors.amount = amount.message;
  if (memoTooLong(d.memo)) errors.memo = MEMO_TOO_LONG;
  const feeUnit = ctx.denoms.find((u) => u.base === ctx.feeDenom);
  // A fee may be zero however it is written (0, 0.00, .0): unlike the amount, nothing needs it above zero.
  const feeText = d.fee.trim();
  const fee = /^(0+\.?0*|\.0+)$/.test(feeText) ? { ok: true as const, base: "0" } : parseDisplayAmount(feeText, feeUnit?.exponent ?? 0);
  if (!fee.ok) errors.fee = feeText === "" ? "Enter a fee, or 0 for none." : fee.message;
  if (!/^[1-9]\d{0,9}$/.test(d.gas.trim())) errors.gas = "Gas is a whole number above zero, like 200000.";
  if (Object.keys(errors).length > 0 || !amount.ok || !fee.ok || to.address === undefined) return { errors };
  return {
    errors,
    args: { from: d.from, to: to.address, amount: `${amount.base}${d.denom}`, memo: d.memo || undefined, fee: `${fee.base}${ctx.feeDenom}`, gas: d.gas.trim() },
  };
}

/**
 * The transfer's amount plus its fee against what the account can spend (shared/wallet/spendable.ts),
 * as errors on the Amount and Fee fields. Main checks the same again right before signing.
 */
export function fundsErrors(args: TransferArgsOut, funds: SpendFunds, units: readonly DenomUnit[], defaultDenom: string): Partial<Record<SendField, string>> {
  const coin = (text: string): Coin[] => {
    const c = splitCoin(text, defaultDenom);
    return c && c.amount !== "0" ? [c] : [];
  };
  const errors: Partial<Record<SendField, string>> = {};
  for (const p of spendProblems({ spend: coin(args.amount), fee: coin(args.fee) }, funds, units)) errors[p.field] ??= p.message;
  return errors;
}

/** The service's default fee ("500ucomet") as a display amount in its denom. */
export function defaultFeeDisplay(defaultFee: string, defaultDenom: string, denoms: readonly DenomUnit[]): { amount: string; denom: string } {
  const coin = splitCoin(defaultFee, defaultDenom) ?? { amount: "0", denom: defaultDenom };
  const unit = denoms.find((u) => u.base === coin.denom);
  if (!unit || unit.exponent === 0) return coin;
  const padded = coin.amount.padStart(unit.exponent + 1, "0");
  const frac = padded.slice(-unit.exponent).replace(/0+$/, "");
  return { amount: `${BigInt(padded.slice(0, -unit.exponent))}${frac ? `.${frac}` : ""}`, denom: coin.denom };
}
