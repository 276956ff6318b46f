/**
 * How a network's keys are made (issue: keys per network): its SLIP-44 coin type, its key
 * algorithm, the type URL its ethsecp256k1 public keys travel under, and an optional HD path the
 * user chose. Plain code, no zod, so the network form checks a path without the contract's schemas.
 */

/** The Cosmos Hub's coin type: a network that names none derives at m/44'/118'/… as the app always did. */
export const DEFAULT_COIN_TYPE = 118;

export const KEY_ALGOS = ["secp256k1", "ethsecp256k1"] as const;
export type KeyAlgo = (typeof KEY_ALGOS)[number];

/**
 * The ethsecp256k1 public key's type URL per family, as each chain's protobuf package names it:
 * cosmos/evm `proto/cosmos/evm/crypto/v1/ethsecp256k1/keys.proto`, evmos/ethermint
 * `proto/ethermint/crypto/v1/ethsecp256k1/keys.proto`, InjectiveLabs/injective-core
 * `proto/injective/crypto/v1beta1/ethsecp256k1/keys.proto`.
 */
export const ETH_PUBKEY_TYPE_URLS = {
  cosmosEvm: "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey",
  ethermint: "/ethermint.crypto.v1.ethsecp256k1.PubKey",
  injective: "/injective.crypto.v1beta1.ethsecp256k1.PubKey",
} as const;

/** Where the account's index goes in an HD path the user writes. */
export const INDEX_PLACEHOLDER = "{index}";

const HARDENED_LIMIT = 2 ** 31;

/** The facts of a network that decide its keys, every one optional (absent: the app's first behaviour). */
export interface KeyFacts {
  readonly coinType?: number;
  readonly keyAlgo?: KeyAlgo;
  readonly pubKeyTypeUrl?: string;
  readonly hdPath?: string;
}

/**
 * What is wrong with an HD path the user gives a network, in words for its field, or undefined.
 * A BIP44 path, `m/44'/<coin type>'/<account>'/<change>/<address index>`, in which one level
 * (the account or the address index) is `{index}`: the wallet's account number goes there, so
 * "Account 2" is `m/44'/330'/0'/0/1` under `m/44'/330'/0'/0/{index}`.
 */
export function hdPathProblem(path: string): string | undefined {
  const levels = path.split("/");
  if (levels[0] !== "m" || levels.length !== 6) return "An HD path has five levels after m, as BIP44 writes it: m/44'/118'/0'/0/{index}.";
  if (levels[1] !== "44'") return "A BIP44 path starts m/44'.";
  if (!/^\d+'$/.test(levels[2]!) || Number.parseInt(levels[2]!, 10) >= HARDENED_LIMIT) return "The coin type is a hardened number below 2^31, such as 118' or 330'.";
  const places = levels.filter((l) => l === INDEX_PLACEHOLDER || l === `${INDEX_PLACEHOLDER}'`).length;
  if (places !== 1 || !(levels[3]!.startsWith(INDEX_PLACEHOLDER) || levels[5]!.startsWith(INDEX_PLACEHOLDER))) {
    return "Write {index} once, for the account (m/44'/118'/{index}'/0/0) or the address index (m/44'/118'/0'/0/{index}): each of the wallet's accounts takes its number there.";
  }
  const number = (level: string, hardened: boolean) => {
    if (level.startsWith(INDEX_PLACEHOLDER)) return level === (hardened ? `${INDEX_PLACEHOLDER}'` : INDEX_PLACEHOLDER);
    const m = (hardened ? /^(\d+)'$/ : /^(\d+)$/).exec(level);
    return !!m && Number.parseInt(m[1]!, 10) < HARDENED_LIMIT;
  };
  if (!number(levels[3]!, true)) return "The account level is hardened, as BIP44 has it: 0' or {index}'.";
  if (!number(levels[4]!, false) || !number(levels[5]!, false)) return "The change and address index levels are plain numbers below 2^31 (0, 1, …) or {index}, without an apostrophe.";
  return undefined;
}

/** The path of account `index` on a network: its own path with the index put in, else m/44'/<coin type>'/0'/0/<index>. */
export function accountPath(facts: KeyFacts, index: number): string {
  if (facts.hdPath !== undefined) return facts.hdPath.replace(INDEX_PLACEHOLDER, String(index));
  return `m/44'/${facts.coinType ?? DEFAULT_COIN_TYPE}'/0'/0/${index}`;
}

/** The coin type a network's keys are derived at: its own path's, else its coin type. */
export function derivationCoinType(facts: KeyFacts): number {
  const fromPath = facts.hdPath ? /^m\/44'\/(\d+)'/.exec(facts.hdPath) : null;
  return fromPath ? Number(fromPath[1]) : (facts.coinType ?? DEFAULT_COIN_TYPE);
}

/** Whether a network's keys are the ones the app derived for every network before coin types (m/44'/118'/0'/0/i, secp256k1). */
export function isDefaultKey(facts: KeyFacts): boolean {
  return (facts.keyAlgo ?? "secp256k1") === "secp256k1" && accountPath(facts, 7) === accountPath({}, 7);
}
