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
 * Why a weighted vote's weights would be refused: the words, and the option whose weight is at
 * fault when one alone is (none when the problem is the weights together).
 */
export interface WeightsFault {
  readonly problem: string;
  readonly option?: string;
}

/**
 * Why a weighted vote's weights would be refused by the chain, or undefined when they are taken:
 * each a fraction above 0 and at most 1, each option once, and together exactly 1 (the SDK's
 * `ValidWeightedVoteOption` and its sum check in `MsgVoteWeighted.ValidateBasic`).
 */
export function weightsFault(options: ReadonlyArray<{ readonly option: string; readonly weight: string }>): WeightsFault | undefined {
  if (options.length === 0) return { problem: "Give at least one option a weight." };
  const seen = new Set<string>();
  let sum = 0n;
  for (const { option, weight } of options) {
    const name = option.replace(/_/g, " ");
    if (!WEIGHT_PATTERN.test(weight)) return { option, problem: `The weight of ${name} must be a fraction between 0 and 1, like 0.25.` };
    const atomics = BigInt(weightAtomics(weight));
    if (atomics === 0n) return { option, problem: `The weight of ${name} must be above 0; leave the option out instead.` };
    if (seen.has(option)) return { option, problem: `The option ${name} is given twice.` };
    seen.add(option);
    sum += atomics;
  }
  if (sum !== ONE) return { problem: `The weights must add up to exactly 1; these add up to ${decimalText(sum)}.` };
  return undefined;
}

function decimalText(atomics: bigint): string {
  const whole = atomics / ONE;
  const frac = (atomics % ONE).toString().padStart(18, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}
