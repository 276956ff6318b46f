import type { Network } from "../../../../shared/contract/network.js";
import type { ArgsIn } from "../../../../shared/contract/index.js";

/** The network form's fields as the user types them (all text). */
export interface NetworkFormValues {
  name: string;
  chainId: string;
  accessUrl: string;
  rpcUrls: string;
  bech32Prefix: string;
  denomBase: string;
  denomDisplay: string;
  denomExponent: string;
  /** Gas price in the fee denom, for what main signs and sends itself; empty leaves the fee to each send. */
  gasPrice: string;
  rpcVia: "access" | "direct";
}

type NetworkInput = ArgsIn<"network.add">;

export const EMPTY_FORM: NetworkFormValues = {
  name: "", chainId: "", accessUrl: "", rpcUrls: "", bech32Prefix: "cosmos", denomBase: "", denomDisplay: "", denomExponent: "6", gasPrice: "", rpcVia: "direct",
};

/** The form's values for an existing network; it edits the default denom only. */
export function formFromNetwork(n: Network): NetworkFormValues {
  const denom = n.denoms.find((d) => d.base === n.defaultDenom);
  return {
    name: n.name, chainId: n.chainId, accessUrl: n.accessUrl ?? "", rpcUrls: n.rpcUrls.join("\n"), bech32Prefix: n.bech32Prefix,
    denomBase: n.defaultDenom, denomDisplay: denom?.display ?? "", denomExponent: String(denom?.exponent ?? 0),
    gasPrice: n.gasPrices?.denom === n.defaultDenom ? n.gasPrices.average : "", rpcVia: n.rpcVia,
  };
}

/** The contract's NetworkInput from the form; main validates it again, with the same schema. */
export function networkFromForm(v: NetworkFormValues, existing?: Network): NetworkInput {
  const base = v.denomBase.trim();
  const denom = { base, display: v.denomDisplay.trim() || base, exponent: Number(v.denomExponent) };
  const others = (existing?.denoms ?? []).filter((d) => d.base !== base && d.base !== existing?.defaultDenom);
  return {
    name: v.name.trim(),
    chainId: v.chainId.trim(),
    accessUrl: v.accessUrl.trim() === "" ? null : v.accessUrl.trim(),
    rpcUrls: v.rpcUrls.split(/[\s,]+/).filter(Boolean),
    bech32Prefix: v.bech32Prefix.trim(),
    denoms: [denom, ...others],
    defaultDenom: base,
    gasPrices: gasPricesFrom(v.gasPrice.trim(), base, existing),
    rpcVia: v.rpcVia,
  };
}

/**
 * The network's gas prices: the registry's low / average / high kept while the user leaves the
 * price as it was; a price the user types is all three levels (they chose one price).
 */
function gasPricesFrom(price: string, denom: string, existing: Network | undefined): Network["gasPrices"] {
  if (price === "") return undefined;
  const kept = existing?.gasPrices;
  if (kept && kept.denom === denom && kept.average === price) return kept;
  return { denom, low: price, average: price, high: price };
}
