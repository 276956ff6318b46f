import type { Tally, WeightedOption } from "../../../../shared/cosmos/gov/proposals.js";
import { VOTE_LABELS } from "../../../../shared/cosmos/gov/gov-form.js";
import { type DenomUnit, formatCoin } from "../../../../shared/wallet/amount.js";

/** "Yes 70 % · No 30 %": each option's share of the votes cast, or "no votes". */
export function tallyText(t: Tally): string {
  const parts = tallyShares(t).filter((s) => s.amount !== 0n);
  return parts.length ? parts.map((s) => `${s.label} ${s.percent} %`).join(" · ") : "no votes";
}

/** Each option's stake and its share (two decimals) of the whole tally. */
export function tallyShares(t: Tally): Array<{ label: string; amount: bigint; percent: string }> {
  const entries: Array<[string, string]> = [["Yes", t.yes], ["No", t.no], ["No with veto", t.noWithVeto], ["Abstain", t.abstain]];
  const total = entries.reduce((sum, [, v]) => sum + BigInt(v), 0n);
  return entries.map(([label, v]) => ({ label, amount: BigInt(v), percent: percentOf(BigInt(v), total) }));
}

/** `part` of `whole` in percent with two decimals ("33.33"); "0" when nothing was cast. */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return "0";
  const hundredths = (part * 10_000n) / whole;
  const frac = (hundredths % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return frac ? `${hundredths / 100n}.${frac}` : String(hundredths / 100n);
}

/** The account's own vote in words: "No with veto", "Yes 0.7, No 0.3", or "not voted". */
export function voteText(options: readonly WeightedOption[] | null): string {
  if (!options || options.length === 0) return "not voted";
  if (options.length === 1 && options[0]!.weight === "1") return VOTE_LABELS[options[0]!.option];
  return options.map((o) => `${VOTE_LABELS[o.option]} ${o.weight}`).join(", ");
}

/**
 * A tally's stake in the chain's bond denom ("60000 STAKE" rather than the node's 60000000000):
 * the tally counts bonded tokens, which need not be the network's default denom. Until the bond
 * denom is known the base amount is shown with no unit, said as such.
 */
export function stakeText(amount: bigint, bondDenom: string | undefined, units: readonly DenomUnit[]): string {
  if (!bondDenom) return `${amount.toString()} (base units)`;
  return formatCoin(`${amount.toString()}${bondDenom}`, units, bondDenom);
}
