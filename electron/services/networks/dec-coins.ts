/**
 * DecCoins as the SDK prints them (`sdk.DecCoins.String()`: "0.002500000000000000ucomet,1.5uatom",
 * types/dec_coin.go), each amount without its trailing zeros. Undefined when any part is not one;
 * an empty text is no coin at all.
 */
export function parseDecCoins(text: string): Array<{ denom: string; amount: string }> | undefined {
  if (text.trim() === "") return [];
  const coins = text.split(",").map((part) => /^(\d{1,20})(?:\.(\d{1,18}))?([a-zA-Z][a-zA-Z0-9/:._-]{1,127})$/.exec(part.trim()));
  if (coins.length > 16 || coins.some((c) => !c)) return undefined;
  return coins.map((c) => {
    const frac = (c![2] ?? "").replace(/0+$/, "");
    return { denom: c![3]!, amount: `${BigInt(c![1]!)}${frac ? `.${frac}` : ""}` };
  });
}

/** A decimal price (at most 18 decimals) times a whole factor, exactly, without trailing zeros. */
export function scaledPrice(price: string, factor: bigint): string {
  const [whole = "0", frac = ""] = price.split(".");
  const atomics = BigInt(`${whole}${frac.padEnd(18, "0")}`) * factor;
  const text = atomics.toString().padStart(19, "0");
  const rest = text.slice(-18).replace(/0+$/, "");
  return `${BigInt(text.slice(0, -18))}${rest ? `.${rest}` : ""}`;
}
