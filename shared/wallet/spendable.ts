import { type DenomUnit, formatCoin } from "./amount.js";

/**
 * Whether an account can pay for what it is about to sign: what leaves it (a transfer's amount,
 * a delegation, a deposit) plus the fee, per denom, against what it can spend. A transaction
 * that fails this on chain still costs its fee (the ante handler takes the fee before the message
 * runs), so the form checks it before review and main again before signing.
 */

/** A coin in base units. */
export interface Coin {
  readonly denom: string;
  readonly amount: string;
}

/** What a transaction takes from the account: `spend` is everything but the fee. */
export interface SpendRequest {
  readonly spend: readonly Coin[];
  readonly fee: readonly Coin[];
}

/** What the account can spend now, and what its pending transactions already hold (for the wording). */
export interface SpendFunds {
  readonly available: readonly Coin[];
  readonly pending?: readonly Coin[];
}

/** One denom the account is short of, on the field that asked for it. */
export interface SpendProblem {
  readonly field: "amount" | "fee";
  readonly denom: string;
  /** Amount plus fee in this denom, and what is available of it, in base units. */
  readonly need: string;
  readonly available: string;
  readonly message: string;
}

/** Sums coins per denom; amounts that are not base-unit integers are refused, never guessed. */
export function sumCoins(coins: readonly Coin[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const c of coins) {
    if (!/^\d{1,78}$/.test(c.amount)) throw new Error(`not an amount in base units: ${JSON.stringify(c.amount)}`);
    sums.set(c.denom, (sums.get(c.denom) ?? 0n) + BigInt(c.amount));
  }
  return sums;
}

/** Every denom where amount plus fee is more than the account can spend, worded; empty when it can pay. */
export function spendProblems(request: SpendRequest, funds: SpendFunds, units: readonly DenomUnit[]): SpendProblem[] {
  const spend = sumCoins(request.spend);
  const fee = sumCoins(request.fee);
  const available = sumCoins(funds.available);
  const pending = sumCoins(funds.pending ?? []);
  const show = (amount: bigint, denom: string) => formatCoin(`${amount}${denom}`, units, denom);
  const problems: SpendProblem[] = [];
  for (const denom of new Set([...spend.keys(), ...fee.keys()])) {
    const s = spend.get(denom) ?? 0n;
    const f = fee.get(denom) ?? 0n;
    const a = available.get(denom) ?? 0n;
    if (s + f <= a) continue;
    const held = (pending.get(denom) ?? 0n) > 0n ? `, besides ${show(pending.get(denom)!, denom)} held by transactions still pending` : "";
    const base = { denom, need: (s + f).toString(), available: a.toString() };
    if (s > a) {
      problems.push({ ...base, field: "amount", message: `That is more than this account can spend: ${show(a, denom)} is available${held}.` });
    } else if (s > 0n) {
      const most = a > f ? ` At most ${show(a - f, denom)} can be sent with this fee.` : "";
      problems.push({ ...base, field: "amount", message: `With the fee of ${show(f, denom)}, that is more than the ${show(a, denom)} available${held}.${most}` });
    } else {
      problems.push({ ...base, field: "fee", message: `The fee needs ${show(f, denom)}, and only ${show(a, denom)} is available${held}.` });
    }
  }
  return problems;
}

/** `available` less `held`, per denom, never below zero. */
export function subtractCoins(available: readonly Coin[], held: readonly Coin[]): Coin[] {
  const minus = sumCoins(held);
  return [...sumCoins(available)].map(([denom, amount]) => {
    const left = amount - (minus.get(denom) ?? 0n);
    return { denom, amount: (left > 0n ? left : 0n).toString() };
  });
}
