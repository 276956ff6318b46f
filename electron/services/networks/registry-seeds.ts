import * as akash from "chain-registry/mainnet/akash/index.js";
import * as celestia from "chain-registry/mainnet/celestia/index.js";
import * as cosmoshub from "chain-registry/mainnet/cosmoshub/index.js";
import * as osmosis from "chain-registry/mainnet/osmosis/index.js";
import type { Network } from "../../../shared/contract/network.js";
import { ETH_PUBKEY_TYPE_URLS, type KeyFacts } from "../../../shared/network/key-facts.js";

type Entry = typeof cosmoshub;

/** Well-known mainnets from the chain-registry package, offered read-only until the user adds a token. */
export function registrySeeds(): Network[] {
  return [cosmoshub, osmosis, akash, celestia].flatMap((entry) => {
    const seed = fromRegistry(entry);
    return seed ? [seed] : [];
  });
}

/** A chain-registry entry as a network (exported for the tests of its key facts). */
export function fromRegistry({ chain, assetList }: Pick<Entry, "chain" | "assetList">): Network | undefined {
  const feeToken = chain.fees?.feeTokens[0];
  const feeDenom = feeToken?.denom;
  const native = assetList.assets.find((a) => a.base === feeDenom) ?? assetList.assets[0];
  if (!native || !chain.chainId || !chain.bech32Prefix) return undefined;
  const display = native.denomUnits.find((u) => u.denom === native.display);
  // Only https endpoints on the default port: anything else is a misconfigured registry entry.
  const rpcUrls = (chain.apis?.rpc ?? []).map((r) => r.address.replace(/:443\/?$/, "")).filter((u) => /^https:\/\/[^/:]+$/.test(u)).slice(0, 4);
  return {
    id: chain.chainName,
    name: chain.prettyName ?? chain.chainName,
    chainId: chain.chainId,
    accessUrl: null,
    rpcUrls,
    bech32Prefix: chain.bech32Prefix,
    denoms: [{ base: native.base, display: native.display, exponent: display?.exponent ?? 0 }],
    defaultDenom: native.base,
    gasPrices: gasPrices(feeToken),
    rpcVia: "direct",
    source: "registry",
    ...registryKeyFacts(chain),
  };
}

/**
 * The chain's keys as chain-registry gives them: `slip44`, `key_algos` and, for ethsecp256k1, the
 * public key's type URL of its family, named by `extra_codecs` ("ethermint", "injective"); a chain
 * naming neither is taken as a cosmos/evm chain (Initia and Dymension name their own type URL: a
 * network read from its chain can carry it instead; the contract takes any `pubKeyTypeUrl`).
 */
export function registryKeyFacts(chain: Pick<Entry["chain"], "slip44" | "keyAlgos" | "extraCodecs">): Pick<KeyFacts, "coinType" | "keyAlgo" | "pubKeyTypeUrl"> {
  const coinType = Number.isSafeInteger(chain.slip44) && chain.slip44! >= 0 && chain.slip44! < 2 ** 31 ? { coinType: chain.slip44! } : {};
  // A chain listing both takes the one its accounts use by default: secp256k1 comes first then.
  const algos = chain.keyAlgos ?? [];
  if (!algos.includes("ethsecp256k1") || algos[0] === "secp256k1") return { ...coinType };
  const codecs = chain.extraCodecs ?? [];
  const pubKeyTypeUrl = codecs.includes("injective") ? ETH_PUBKEY_TYPE_URLS.injective : codecs.includes("ethermint") ? ETH_PUBKEY_TYPE_URLS.ethermint : ETH_PUBKEY_TYPE_URLS.cosmosEvm;
  return { ...coinType, keyAlgo: "ethsecp256k1", pubKeyTypeUrl };
}

/** The registry's fee token as low / average / high prices; the one it leaves out follows the others. */
export function gasPrices(token: NonNullable<Entry["chain"]["fees"]>["feeTokens"][number] | undefined): Network["gasPrices"] {
  const average = token?.averageGasPrice ?? token?.lowGasPrice ?? token?.fixedMinGasPrice;
  if (!token || average === undefined) return undefined;
  // The registry's JSON numbers as written: String() gives the shortest digits that read back as
  // the same double (0.025, where toFixed(18) gives 0.025000000000000001), in exponent notation
  // only below 1e-6, which is then written out.
  const text = (n: number) => (/e/i.test(String(n)) ? eighteenDecimals(n) : String(n));
  return { denom: token.denom, low: text(token.lowGasPrice ?? average), average: text(average), high: text(token.highGasPrice ?? average) };
}

/** A double written out to 18 decimals, trailing zeros dropped: how the seeds once wrote every price. */
const eighteenDecimals = (n: number) => n.toFixed(18).replace(/0+$/, "").replace(/\.$/, "");

/**
 * The price as the seeds write it now, for one the seeds of earlier versions saved: those wrote a
 * double's binary tail (0.025000000000000001), which the network form and the review showed. Only
 * that exact form, 18 decimals that are the double's, is shortened (to 0.025); any other text is
 * the user's or the registry's and is kept as it is.
 */
export function seededPrice(price: string): string {
  const n = Number(price);
  const short = String(n);
  return /^\d+\.\d{18}$/.test(price) && !/e/i.test(short) && short !== price && eighteenDecimals(n) === price ? short : price;
}
