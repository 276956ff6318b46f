/**
 * Amounts as people type them ("1.5" COMET) and as the chain counts them (1500000 ucomet).
 * Only strings and bigint: a float would round a large balance.
 */
export interface DenomUnit {
  readonly base: string;
  readonly display: string;
  readonly exponent: number;
}

export type AmountResult = { readonly ok: true; readonly base: string } | { readonly ok: false; readonly message: string };

/** Parses a display amount ("1.25", "1,000.5" is refused) into base units for `exponent` decimals. */
export function parseDisplayAmount(text: string, exponent: number): AmountResult {
  const t = text.trim();
  if (t === "") return { ok: false, message: "Enter an amount." };
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return { ok: false, message: amountFormProblem(t) };
  const [whole = "", frac = ""] = t.split(".");
  if (frac.length > exponent) return { ok: false, message: exponent === 0 ? "This denom has no decimals." : `At most ${exponent} decimals for this denom.` };
  const base = BigInt(`${whole || "0"}${frac.padEnd(exponent, "0")}`);
  if (base === 0n) return { ok: false, message: "The amount must be more than zero." };
  if (base.toString().length > 77) return { ok: false, message: "That amount is too large." };
  return { ok: true, base: base.toString() };
}

/** What to change in an amount that is no plain decimal, in the user's terms where it is a usual way of writing one. */
function amountFormProblem(t: string): string {
  if (/^-\s*[\d.,]+$/.test(t)) return "Leave out the minus sign: an amount is never below zero.";
  if (/^\d+,\d+$/.test(t)) return `Use a point for decimals and no thousands separators: ${t.replace(",", ".")} or ${t.replace(",", "")}, not ${t}.`;
  if (/^\d{1,3}([\s,'’_]\d{3})+(\.\d*)?$/.test(t)) return `Digits without separators: ${t.replace(/[\s,'’_]/g, "")}, not ${t}.`;
  if (/^\d*\.?\d+e[+-]?\d+$/i.test(t)) return "Write the amount out in digits, like 1000, not 1e3.";
  return "Use digits and at most one decimal point, like 1.5.";
}

/** Base units as a display amount: 1500000 with exponent 6 is "1.5". */
export function formatBaseAmount(base: string, exponent: number): string {
  if (!/^\d+$/.test(base)) return base;
  if (exponent === 0) return BigInt(base).toString();
  const padded = base.padStart(exponent + 1, "0");
  const whole = BigInt(padded.slice(0, -exponent)).toString();
  const frac = padded.slice(-exponent).replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole;
}

/** Splits a coin string "1000ucomet" (or a bare "1000", meaning `defaultDenom`). */
export function splitCoin(coin: string, defaultDenom: string): { amount: string; denom: string } | undefined {
  const m = /^(\d+)([a-zA-Z][a-zA-Z0-9/:._-]*)?$/.exec(coin.trim());
  return m ? { amount: m[1]!, denom: m[2] ?? defaultDenom } : undefined;
}

/** "1000ucomet" as "0.001 COMET" when the denom is known, else as it is. Multi-coin strings are comma-separated. */
export function formatCoin(coin: string, denoms: readonly DenomUnit[], defaultDenom: string): string {
  return coin.split(",").map((one) => {
    const c = splitCoin(one, defaultDenom);
    if (!c) return one;
    const unit = denoms.find((d) => d.base === c.denom);
    return unit ? `${formatBaseAmount(c.amount, unit.exponent)} ${unit.display}` : `${c.amount} ${c.denom}`;
  }).join(", ");
}

/**
 * The units every page shows coins in: the network's own denoms first (its setting, or the chain
 * registry's display denom for a registry network), then any other denom the access service
 * names. One list for the form, the review, the tracker, the balances and the transactions, so a
 * denom has one name everywhere.
 */
export function displayUnits(network: { readonly denoms: readonly DenomUnit[] } | undefined, service?: { readonly denoms: readonly DenomUnit[] }): DenomUnit[] {
  const own = network?.denoms ?? [];
  return [...own, ...(service?.denoms ?? []).filter((d) => !own.some((o) => o.base === d.base))];
}

/** A denom's display name ("COMET" for ucomet), or the base denom when no unit names it. */
export function denomName(denom: string, units: readonly DenomUnit[]): string {
  return units.find((u) => u.base === denom)?.display ?? denom;
}
