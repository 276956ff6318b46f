/**
 * The SLIP-44 coin types chain-registry's chains name (`slip44` of its mainnets, testnets and
 * devnets), written out as a small list so that the contract and the network form know them
 * without the registry itself, which only main loads, on demand
 * (electron/services/networks/registry-chains.ts). `coin-types.test.ts` holds the list to the
 * package the app ships and prints the new one when the package moves. Plain code, no zod.
 */
export const REGISTRY_COIN_TYPES: readonly number[] = [1, 60, 118, 137, 195, 330, 371, 394, 438, 459, 483, 494, 501, 505, 529, 546, 564, 606, 607, 639, 701, 852, 877, 880, 931, 990, 1200, 5555, 7777777];

const known = new Set(REGISTRY_COIN_TYPES);

/** Whether a chain in chain-registry uses this coin type. */
export const isRegistryCoinType = (coinType: number): boolean => known.has(coinType);

/**
 * Why a coin type is refused, or undefined: one chain-registry's chains do not use, and the user
 * has not confirmed. A typo (1181 for 118) would derive addresses that look right and are no
 * wallet's on the chain. `confirm` says how to confirm it where the words are shown.
 */
export function unknownCoinTypeProblem(coinType: number, confirmed: boolean | undefined, confirm: string): string | undefined {
  if (isRegistryCoinType(coinType) || confirmed === true) return undefined;
  return `No chain in chain-registry uses coin type ${coinType} (118 for the Cosmos Hub and most chains, 60 for EVM chains, 330 for Terra): check it for a typo, since another coin type derives other addresses. If this chain does use ${coinType}, ${confirm}.`;
}
