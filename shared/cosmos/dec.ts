/**
 * The SDK's LegacyDec on the protobuf wire is an integer string: the decimal scaled by 10^18
 * (commission rates, staking params, distribution's DecCoins). These turn it into the decimal a
 * person reads, and back.
 */
const SCALE = 18;

/** "100000000000000000" → "0.1"; an answer that is not an integer string gives "0". */
export function decFromAtomics(atomics: string): string {
  if (!/^\d{1,80}$/.test(atomics)) return "0";
  const padded = atomics.padStart(SCALE + 1, "0");
  const whole = padded.slice(0, -SCALE).replace(/^0+(?=\d)/, "");
  const frac = padded.slice(-SCALE).replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole;
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
  const atomics = decToAtomics(decimal); // ×10^18; a percentage is ×10^16 of it
  const unit = 10n ** BigInt(SCALE - 2);
  const frac = (atomics % unit).toString().padStart(SCALE - 2, "0").replace(/0+$/, "");
  return frac ? `${atomics / unit}.${frac}` : String(atomics / unit);
}
