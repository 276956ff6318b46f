/**
 * A weighted vote's weights and the chain's rules for them, without zod: the contract's schema
 * (./actions.ts) and the governance page's form (./gov-form.ts) both ask these, and the page must
 * not load zod inside Electron.
 */

/** A vote weight as the gov module takes it: a decimal fraction of at most 18 decimals ("0.25"). */
export const WEIGHT_PATTERN = /^(0(\.\d{1,18})?|1(\.0{1,18})?)$/;
const ONE = 10n ** 18n;

/** A LegacyDec weight on the protobuf wire: the decimal scaled by 10^18, as an integer string. */
export function weightAtomics(weight: string): string {
  const [whole, frac = ""] = weight.split(".");
  return BigInt(`${whole}${frac.padEnd(18, "0")}`).toString();
}

/**
 * Why a weighted vote's weights would be refused by the chain, in words, or undefined when they
 * are taken: each a fraction above 0 and at most 1, each option once, and together exactly 1
 * (the SDK's `ValidWeightedVoteOption` and its sum check in `MsgVoteWeighted.ValidateBasic`).
 */
export function weightsProblem(options: ReadonlyArray<{ readonly option: string; readonly weight: string }>): string | undefined {
  if (options.length === 0) return "Give at least one option a weight.";
  const seen = new Set<string>();
  let sum = 0n;
  for (const o of options) {
    if (!WEIGHT_PATTERN.test(o.weight)) return `The weight of ${o.option.replace(/_/g, " ")} must be a fraction between 0 and 1, like 0.25.`;
    const atomics = BigInt(weightAtomics(o.weight));
    if (atomics === 0n) return `The weight of ${o.option.replace(/_/g, " ")} must be above 0; leave the option out instead.`;
    if (seen.has(o.option)) return `The option ${o.option.replace(/_/g, " ")} is given twice.`;
    seen.add(o.option);
    sum += atomics;
  }
  if (sum !== ONE) return `The weights must add up to exactly 1; these add up to ${decimalText(sum)}.`;
  return undefined;
}

function decimalText(atomics: bigint): string {
  const whole = atomics / ONE;
  const frac = (atomics % ONE).toString().padStart(18, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}
