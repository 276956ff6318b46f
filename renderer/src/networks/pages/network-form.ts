import type { Network } from "../../../../shared/contract/network.js";
import type { ArgsIn, ResultOf } from "../../../../shared/contract/index.js";
import { isHttpUrl } from "../../../../shared/net/http-url.js";
import { chainIdProblem } from "../../../../shared/network/chain-id.js";
import { DEFAULT_COIN_TYPE, hdPathProblem, type KeyAlgo } from "../../../../shared/network/key-facts.js";
import { isRegistryCoinType, unknownCoinTypeProblem } from "../../../../shared/network/coin-types.js";
import { budgetFields, budgetFromFields, budgetProblems } from "./request-budget-form.js";

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
  /** Gas price in the fee token, for what main signs and sends itself; empty leaves the fee to each send. */
  gasPrice: string;
  /** The staking params' bond denom; empty when unknown (the Staking page then reads it from the chain). */
  bondDenom: string;
  rpcVia: "access" | "direct";
  /** SLIP-44 coin type; empty is 118. */
  coinType: string;
  /**
   * The coin type the user ticked "I know this chain uses coin type N" for: it confirms that one
   * only, so a coin type typed after it is asked about again.
   */
  confirmedCoinType: number | undefined;
  keyAlgo: KeyAlgo;
  /** The chain's ethsecp256k1 public key type URL; empty keeps the network's (or cosmos/evm's). */
  pubKeyTypeUrl: string;
  /** The user's own BIP44 path with {index}; empty follows the coin type. */
  hdPath: string;
  /** Requests per second to each of its nodes (0.5–1000; empty is main's default). */
  requestsPerSecond: string;
  /** The longest a read waits for a node's rate limit, in whole seconds (0–120; empty is main's default). */
  maxWaitSeconds: string;
  /** Display units read from the chain (network.describe), kept beside the one the form edits. */
  readDenoms: readonly Network["denoms"][number][];
  /** The low / average / high prices read, kept while the price field shows their average. */
  readGasPrices: Network["gasPrices"];
}

type NetworkFacts = ResultOf<"network.describe">;

type NetworkInput = ArgsIn<"network.add">;

export const EMPTY_FORM: NetworkFormValues = {
  name: "", chainId: "", accessUrl: "", rpcUrls: "", bech32Prefix: "cosmos", denomBase: "", denomDisplay: "", denomExponent: "6", gasPrice: "", bondDenom: "", rpcVia: "direct",
  coinType: "", confirmedCoinType: undefined, keyAlgo: "secp256k1", pubKeyTypeUrl: "", hdPath: "", ...budgetFields(undefined),
  readDenoms: [], readGasPrices: undefined,
};

/** The form's values for an existing network; it edits the default denom only. */
export function formFromNetwork(n: Network): NetworkFormValues {
  const denom = n.denoms.find((d) => d.base === n.defaultDenom);
  return {
    name: n.name, chainId: n.chainId, accessUrl: n.accessUrl ?? "", rpcUrls: n.rpcUrls.join("\n"), bech32Prefix: n.bech32Prefix,
    denomBase: n.defaultDenom, denomDisplay: denom?.display ?? "", denomExponent: String(denom?.exponent ?? 0),
    gasPrice: n.gasPrices?.average ?? "", bondDenom: n.bondDenom ?? "", rpcVia: n.rpcVia, readDenoms: [], readGasPrices: undefined,
    coinType: n.coinType === undefined ? "" : String(n.coinType), confirmedCoinType: n.coinTypeConfirmed ? n.coinType : undefined, keyAlgo: n.keyAlgo ?? "secp256k1", pubKeyTypeUrl: n.pubKeyTypeUrl ?? "", hdPath: n.hdPath ?? "",
    ...budgetFields(n.requestBudget),
  };
}

/**
 * The form with every fact the chain gave filled in (the user edits them after), and the fields
 * it could not fill, each with why. The node URLs and the access service stay as typed.
 */
export function formFromFacts(facts: NetworkFacts, v: NetworkFormValues): { values: NetworkFormValues; unread: Array<{ field: string; reason: string }> } {
  const value = <T>(f: { read: true; value: T } | { read: false }) => (f.read ? f.value : undefined);
  const chainId = value(facts.chainId) ?? v.chainId;
  const denoms = value(facts.denoms) ?? [];
  const base = value(facts.feeDenoms)?.[0] ?? value(facts.gasPrices)?.denom ?? value(facts.bondDenom) ?? v.denomBase;
  const unit = denoms.find((d) => d.base === base);
  const prices = value(facts.gasPrices);
  const values: NetworkFormValues = {
    ...v,
    name: value(facts.name) ?? (v.name || chainId),
    chainId,
    bech32Prefix: value(facts.bech32Prefix) ?? v.bech32Prefix,
    denomBase: base,
    denomDisplay: unit?.display ?? (base === v.denomBase ? v.denomDisplay : ""),
    denomExponent: unit ? String(unit.exponent) : v.denomExponent,
    gasPrice: prices?.average ?? v.gasPrice,
    bondDenom: value(facts.bondDenom) ?? v.bondDenom,
    readDenoms: denoms,
    readGasPrices: prices,
    // chain-registry's slip44 and key_algos, when it knows the chain: the keys follow them.
    coinType: value(facts.coinType) === undefined ? v.coinType : String(value(facts.coinType)),
    keyAlgo: value(facts.keyAlgo) === "ethsecp256k1" ? "ethsecp256k1" : value(facts.keyAlgo) === "secp256k1" ? "secp256k1" : v.keyAlgo,
    pubKeyTypeUrl: value(facts.pubKeyTypeUrl) ?? v.pubKeyTypeUrl,
  };
  const unread: Array<{ field: string; reason: string }> = [];
  const say = (field: string, f: { read: true } | { read: false; reason: string }) => !f.read && unread.push({ field, reason: f.reason });
  // A name the user typed is theirs; none typed and none registered, the chain id stands in.
  if (!facts.name.read && !v.name.trim()) unread.push({ field: "Name", reason: `${facts.name.reason}: named after its chain id` });
  say("Address prefix", facts.bech32Prefix);
  say("Fee denom", facts.feeDenoms);
  if (!unit) unread.push({ field: "Display unit and exponent", reason: facts.denoms.read ? `the chain's denom metadata does not name ${base || "the fee denom"}` : facts.denoms.reason });
  say("Gas price", facts.gasPrices);
  say("Staking denom", facts.bondDenom);
  return { values, unread };
}

/** The contract's NetworkInput from the form; main validates it again, with the same schema. */
export function networkFromForm(v: NetworkFormValues, existing?: Network): NetworkInput {
  const base = v.denomBase.trim();
  // Digits only: an empty exponent is no number (main refuses it), not 0, and Number() would read
  // "0x10" as 16 and "1e1" as 10.
  const exponentText = v.denomExponent.trim();
  const exponent = /^\d{1,3}$/.test(exponentText) ? Number(exponentText) : Number.NaN;
  const denom = { base, display: v.denomDisplay.trim() || base, exponent };
  const kept = [...(existing?.denoms ?? []).filter((d) => d.base !== existing?.defaultDenom), ...v.readDenoms];
  const others = kept.filter((d, i) => d.base !== base && kept.findIndex((k) => k.base === d.base) === i).slice(0, 31);
  const bondDenom = v.bondDenom.trim();
  const requestBudget = budgetFromFields(v.requestsPerSecond, v.maxWaitSeconds, existing?.requestBudget);
  return {
    name: v.name.trim(),
    chainId: v.chainId.trim(),
    accessUrl: v.accessUrl.trim() === "" ? null : v.accessUrl.trim(),
    rpcUrls: v.rpcUrls.split(/[\s,]+/).filter(Boolean),
    bech32Prefix: v.bech32Prefix.trim(),
    denoms: [denom, ...others],
    defaultDenom: base,
    gasPrices: gasPricesFrom(v.gasPrice.trim(), base, existing, v.readGasPrices),
    rpcVia: v.rpcVia,
    ...(bondDenom ? { bondDenom } : {}),
    ...(requestBudget ? { requestBudget } : {}),
    ...keyFactsFrom(v, existing),
  };
}

/**
 * The key facts as typed: an empty coin type is 118 (written out only when the network had
 * another, since a patch cannot remove a field); an empty public key type keeps the network's.
 */
function keyFactsFrom(v: NetworkFormValues, existing: Network | undefined): Pick<NetworkInput, "coinType" | "coinTypeConfirmed" | "keyAlgo" | "pubKeyTypeUrl" | "hdPath"> {
  const text = v.coinType.trim();
  const coinType = text === "" ? (existing?.coinType !== undefined ? DEFAULT_COIN_TYPE : undefined) : /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  const eth = v.keyAlgo === "ethsecp256k1";
  const toConfirm = coinTypeToConfirm(v);
  return {
    ...(coinType !== undefined ? { coinType } : {}),
    ...(toConfirm !== undefined && v.confirmedCoinType === toConfirm ? { coinTypeConfirmed: true } : {}),
    ...(eth || existing?.keyAlgo ? { keyAlgo: v.keyAlgo } : {}),
    ...(eth && (v.pubKeyTypeUrl.trim() || existing?.pubKeyTypeUrl) ? { pubKeyTypeUrl: v.pubKeyTypeUrl.trim() || existing!.pubKeyTypeUrl! } : {}),
    ...(v.hdPath.trim() !== "" ? { hdPath: v.hdPath.trim() } : {}),
  };
}

/**
 * The typed coin type when it is one to confirm: a whole number in range that no chain in
 * chain-registry uses. The form offers "I know this chain uses coin type N" for it.
 */
export function coinTypeToConfirm(v: NetworkFormValues): number | undefined {
  const text = v.coinType.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const coinType = Number(text);
  return coinType < 2 ** 31 && !isRegistryCoinType(coinType) ? coinType : undefined;
}

/** The confirmation's words, on the checkbox and in the coin type's problem. */
export const confirmCoinTypeLabel = (coinType: number) => `I know this chain uses coin type ${coinType}`;

/**
 * The `network.update` patch from the form: every field, and `gasPrices: null` when the price was
 * emptied, since an undefined key would not cross the browser bridge's JSON.
 */
export function networkPatchFromForm(v: NetworkFormValues, existing: Network): ArgsIn<"network.update">["patch"] {
  const input = networkFromForm(v, existing);
  return { ...input, gasPrices: input.gasPrices ?? null, hdPath: input.hdPath ?? null };
}

/**
 * The denom a network's gas prices are in when it is not its default denom (chain-registry's fee
 * token may be another asset than the one shown), or undefined. The form's token denom field is the
 * default denom, so the gas price field says which denom its price is in.
 */
export function separateFeeToken(n: Network | undefined): string | undefined {
  return n?.gasPrices && n.gasPrices.denom !== n.defaultDenom ? n.gasPrices.denom : undefined;
}

/**
 * The network's gas prices: the registry's low / average / high kept while the user leaves the
 * price as it was; a price the user types is all three levels (they chose one price). Prices in
 * the default denom follow it when it changes; a separate fee token stays the one fees are paid in.
 */
function gasPricesFrom(price: string, denom: string, existing: Network | undefined, read: Network["gasPrices"]): Network["gasPrices"] {
  if (price === "") return undefined;
  // Tiers read from the chain are in the fee denom the form shows.
  if (read && read.denom === denom && read.average === price) return read;
  const kept = existing?.gasPrices;
  const feeDenom = separateFeeToken(existing) ?? denom;
  if (kept && kept.denom === feeDenom && kept.average === price) return kept;
  return { denom: feeDenom, low: price, average: price, high: price };
}

/** A form field and what is wrong with what was typed there, in the user's words. */
export type NetworkFormProblems = Partial<Record<keyof NetworkFormValues, string>>;

const quoted = (items: readonly string[]) => items.map((i) => `“${i.length > 60 ? `${i.slice(0, 60)}…` : i}”`).join(", ");

/**
 * What main would refuse in the form, said at the field to change: the contract's rules for a
 * network (`shared/contract/network.ts`, and the store's two rules across fields), checked here
 * without its schemas so that no page loads zod. Empty when main would take it; a test holds the
 * two to the same answers.
 */
export function networkFormProblems(v: NetworkFormValues, existing?: Network): NetworkFormProblems {
  const input = networkFromForm(v, existing);
  const out: NetworkFormProblems = {};
  if (input.name === "") out.name = "Give the network a name.";
  else if (input.name.length > 80) out.name = "At most 80 characters.";
  const chainId = chainIdProblem(input.chainId);
  if (chainId) out.chainId = chainId;
  if (input.accessUrl !== null && !isHttpUrl(input.accessUrl)) out.accessUrl = "Not an http:// or https:// address.";
  else if (input.rpcVia === "access" && input.accessUrl === null) out.accessUrl = "Explorer calls through the access service need its address.";
  const badUrls = input.rpcUrls.filter((u) => !isHttpUrl(u));
  if (badUrls.length > 0) out.rpcUrls = `Not an http:// or https:// address: ${quoted(badUrls)}.`;
  else if (input.rpcUrls.length > 16) out.rpcUrls = "At most 16 node addresses.";
  else if (input.rpcVia === "direct" && input.rpcUrls.length === 0) out.rpcUrls = "Give at least one node address, or have explorer calls go through the access service.";
  if (!/^[a-z][a-z0-9]{0,29}$/.test(input.bech32Prefix)) out.bech32Prefix = "Lowercase letters and digits, starting with a letter: cosmos or osmo, for example.";
  const denom = input.denoms[0]!;
  if (denom.base === "") out.denomBase = "The token's base denom is required: uatom, for example.";
  else if (denom.base.length > 128) out.denomBase = "At most 128 characters.";
  if (denom.display.length > 128) out.denomDisplay = "At most 128 characters.";
  if (!Number.isInteger(denom.exponent) || denom.exponent < 0 || denom.exponent > 36) out.denomExponent = "A whole number from 0 to 36: 6 for most Cosmos coins.";
  if (v.gasPrice.trim() !== "" && !/^\d{1,20}(\.\d{1,18})?$/.test(v.gasPrice.trim())) out.gasPrice = "A decimal number, like 0.025.";
  if (input.coinType !== undefined && !(Number.isInteger(input.coinType) && input.coinType < 2 ** 31)) out.coinType = "A whole number below 2^31, chain-registry's slip44: 118 for the Cosmos Hub, 330 for Terra, 60 for EVM chains.";
  else if (input.coinType !== undefined) {
    const unknown = unknownCoinTypeProblem(input.coinType, input.coinTypeConfirmed, `tick “${confirmCoinTypeLabel(input.coinType)}” below it`);
    if (unknown) out.coinType = unknown;
  }
  const path = input.hdPath === undefined ? undefined : hdPathProblem(input.hdPath);
  if (path) out.hdPath = path;
  const typeUrl = input.pubKeyTypeUrl;
  if (typeUrl !== undefined && !(typeUrl.length <= 128 && /^\/[A-Za-z0-9_.]+$/.test(typeUrl))) out.pubKeyTypeUrl = "A type URL like /cosmos.evm.crypto.v1.ethsecp256k1.PubKey: a slash, then letters, digits, dots and underscores (at most 128).";
  if (v.bondDenom.trim().length > 128) out.bondDenom = "At most 128 characters.";
  return { ...out, ...budgetProblems(v.requestsPerSecond, v.maxWaitSeconds) };
}

/**
 * Whether saving asks the nodes first (`network.check`): a new network, or one whose chain id,
 * prefix or nodes changed, when it names any node.
 */
export function needsNodeCheck(input: NetworkInput, existing: Network | undefined): boolean {
  if (input.rpcUrls.length === 0) return false;
  if (!existing) return true;
  return input.chainId !== existing.chainId || input.bech32Prefix !== existing.bech32Prefix || input.rpcUrls.join(" ") !== existing.rpcUrls.join(" ");
}

/** The longest access token main stores (`network.setToken` in shared/contract/network.ts). */
export const MAX_TOKEN = 4096;

/** What keeps a pasted access token from being stored, or undefined. */
export function tokenProblem(token: string): string | undefined {
  if (token.length === 0) return "Paste the access token the service gave you.";
  if (token.length > MAX_TOKEN) return `An access token has at most ${MAX_TOKEN.toLocaleString("en")} characters; this one has ${token.length.toLocaleString("en")}. Check what was pasted.`;
  return undefined;
}
