import type { Chain } from "./registry-chains.js";
import { gasPrices, registryKeyFacts } from "./registry-seeds.js";

/** What chain-registry says about one chain id, in the shape the facts take it. */
export interface RegistryFacts {
  readonly chainName: string;
  readonly prettyName: string | undefined;
  readonly coinType: number | undefined;
  readonly keyAlgo: string | undefined;
  /** The type URL of the chain's ethsecp256k1 public key in AuthInfo; undefined for secp256k1 chains. */
  readonly pubKeyTypeUrl: string | undefined;
  /** Fee tokens in the registry's order, each priced low / average / high. */
  readonly feeTokens: ReadonlyArray<{ readonly denom: string; readonly prices: ReturnType<typeof gasPrices> }>;
  readonly bondDenom: string | undefined;
  readonly explorers: ReadonlyArray<{ readonly name: string; readonly url: string }>;
  readonly rpcUrls: readonly string[];
}

/** Named in every fact taken from chain-registry. */
export const REGISTRY_SOURCE = "chain-registry (npm package)";

let loaded: Promise<readonly Chain[]> | undefined;

/** The registry's mainnets, from the module beside this one: TypeScript when run from source, the bundle's file when built. */
function registryChains(): Promise<readonly Chain[]> {
  const file = new URL(import.meta.url.endsWith(".ts") ? "./registry-chains.ts" : "./registry-chains.js", import.meta.url).href;
  loaded ??= (import(file) as Promise<{ chains: readonly Chain[] }>).then((m) => m.chains);
  return loaded;
}

const httpsOnly = (urls: readonly string[]) => urls.map((u) => u.replace(/:443(?=\/|$)/, "").replace(/\/+$/, "")).filter((u) => /^https:\/\/[^\s]+$/.test(u));

/** The registry's entry for `chainId`, or undefined when it has none. */
export async function registryFacts(chainId: string): Promise<RegistryFacts | undefined> {
  const chain = (await registryChains()).find((c) => c.chainId === chainId);
  if (!chain) return undefined;
  // The same reading of slip44, key_algos and extra_codecs as the seeds': a chain added by its
  // RPC URL gets the keys its seed would have had.
  const keys = registryKeyFacts(chain);
  return {
    chainName: chain.chainName,
    prettyName: chain.prettyName,
    coinType: keys.coinType,
    keyAlgo: keys.keyAlgo ?? chain.keyAlgos?.[0],
    pubKeyTypeUrl: keys.pubKeyTypeUrl,
    feeTokens: (chain.fees?.feeTokens ?? []).map((t) => ({ denom: t.denom, prices: gasPrices(t) })),
    bondDenom: chain.staking?.stakingTokens[0]?.denom,
    explorers: (chain.explorers ?? []).flatMap((e) => (e.url && /^https?:\/\//.test(e.url) ? [{ name: (e.kind ?? new URL(e.url).host).slice(0, 80), url: e.url }] : [])).slice(0, 16),
    rpcUrls: httpsOnly((chain.apis?.rpc ?? []).map((r) => r.address)).slice(0, 16),
  };
}
