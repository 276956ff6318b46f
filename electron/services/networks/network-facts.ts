import type { Network, NetworkFacts } from "../../../shared/contract/network.js";

/**
 * A network with the chain's facts filled in where it has none: what the user typed or a seed
 * wrote wins, nothing is removed, and `describedAt` says they were read. Facts of another chain
 * than the network's change nothing: that node is the problem, not the network.
 */
export function withChainFacts(network: Network, facts: NetworkFacts, now: Date): Network {
  if (!facts.chainId.read || facts.chainId.value !== network.chainId) return network;
  const known = new Set(network.denoms.map((d) => d.base));
  const added = facts.denoms.read ? facts.denoms.value.filter((d) => !known.has(d.base)) : [];
  const bondDenom = network.bondDenom ?? (facts.bondDenom.read ? facts.bondDenom.value : undefined);
  const gasPrices = network.gasPrices ?? (facts.gasPrices.read ? facts.gasPrices.value : undefined);
  // A network saved before keys followed the chain had no coin type: chain-registry's slip44 and
  // key algorithm give its own addresses (the shell then says once which address it has there).
  const coinType = network.coinType ?? (facts.coinType.read ? facts.coinType.value : undefined);
  const keyAlgo = network.keyAlgo ?? (facts.keyAlgo.read && facts.keyAlgo.value === "ethsecp256k1" ? "ethsecp256k1" : undefined);
  // Its own type URL (Injective's, Ethermint's), without which the chain refuses every signature.
  const pubKeyTypeUrl = network.pubKeyTypeUrl ?? (keyAlgo === "ethsecp256k1" && facts.pubKeyTypeUrl.read ? facts.pubKeyTypeUrl.value : undefined);
  return {
    ...network,
    denoms: [...network.denoms, ...added].slice(0, 32),
    ...(gasPrices ? { gasPrices } : {}),
    ...(bondDenom ? { bondDenom } : {}),
    ...(coinType !== undefined ? { coinType } : {}),
    ...(keyAlgo ? { keyAlgo } : {}),
    ...(pubKeyTypeUrl ? { pubKeyTypeUrl } : {}),
    describedAt: now.toISOString(),
  };
}
