/**
 * The SDK's LegacyDec on the protobuf wire is an integer string: the decimal scaled by 10^18
 * (commission rates, staking params, distribution's DecCoins). These turn it into the decimal a
 * person reads, and back.
 */
const SCALE = 18;

/** An integer scaled by 10^scale, as the decimal it stands for, with no trailing zeros. */
function unscale(n: bigint, scale: number): string {
  const unit = 10n ** BigInt(scale);
  const frac = (n % unit).toString().padStart(scale, "0").replace(/0+$/, "");
  return frac ? `${n / unit}.${frac}` : String(n / unit);
}

/** "100000000000000000" → "0.1"; an answer that is not an integer string gives "0". */
export function decFromAtomics(atomics: string): string {
  return /^\d{1,80}$/.test(atomics) ? unscale(BigInt(atomics), SCALE) : "0";
}

/** The whole units of a LegacyDec amount (rewards are paid out rounded down). */
export function decWhole(atomics: string): string {
  return /^\d{1,80}$/.test(atomics) ? (BigInt(atomics) / 10n ** BigInt(SCALE)).toString() : "0";
}

/** A decimal fraction ("0.05", at most 18 decimals) scaled by 10^18, as a bigint. */
export function decToAtomics(decimal: string): bigint {
  const [whole = "0", frac = ""] = decimal.split(".");
  return BigInt(`${whole}${frac.padEnd(SCALE, "0")}`);
}

/** A decimal fraction ("0.05", "0.125") as a percentage ("5", "12.5"); anything else gives "0". */
export function decPercent(decimal: string): string {
  if (!/^\d{1,62}(\.\d{1,18})?$/.test(decimal)) return "0";
  return unscale(decToAtomics(decimal), SCALE - 2); // ×10^18, and a percentage is ×10^16 of it
}
