import { ripemd160, sha256, Slip10, Slip10Curve, stringToPath } from "@cosmjs/crypto";
import { toBase64, toBech32 } from "@cosmjs/encoding";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { accountPath, ETH_PUBKEY_TYPE_URLS, type KeyAlgo, type KeyFacts } from "../../../shared/network/key-facts.js";

/**
 * How one network's keys work, chosen once from its facts (docs/architecture.md, "Keys per
 * network"): where account i is derived, how a public key becomes an address and travels in
 * AuthInfo and amino, and what digest the chain checks a signature against. The vault and the
 * direct sender take it from `keyKindOf(network)` and never ask which kind it is again.
 */
export interface KeyKind {
  readonly algo: KeyAlgo;
  /** The BIP44 path of the wallet's account `index`. */
  path(index: number): string;
  /** The bech32 address of a compressed public key. */
  address(pubKey: Uint8Array, prefix: string): string;
  /** The public key as AuthInfo's signer info carries it. */
  pubKeyAny(pubKey: Uint8Array): Any;
  /** The public key as an amino StdSignature carries it. */
  aminoPubKey(pubKey: Uint8Array): { type: string; value: string };
  /** The 32 bytes the signature is made over: SHA-256 (Cosmos SDK secp256k1) or Keccak-256 (ethsecp256k1) of the sign bytes. */
  digest(signBytes: Uint8Array): Uint8Array;
}

const SECP256K1_TYPE_URL = "/cosmos.crypto.secp256k1.PubKey";

/**
 * Amino names of the ethsecp256k1 public keys, as each family registers them: cosmos/evm
 * `crypto/ethsecp256k1/ethsecp256k1.go` (PubKeyName "os/PubKeyEthSecp256k1"), evmos/ethermint
 * the same file ("ethermint/PubKeyEthSecp256k1"), injective-core ("injective/PubKeyEthSecp256k1").
 */
const ETH_AMINO_NAMES: Readonly<Record<string, string>> = {
  [ETH_PUBKEY_TYPE_URLS.cosmosEvm]: "os/PubKeyEthSecp256k1",
  [ETH_PUBKEY_TYPE_URLS.ethermint]: "ethermint/PubKeyEthSecp256k1",
  [ETH_PUBKEY_TYPE_URLS.injective]: "injective/PubKeyEthSecp256k1",
};

const anyOf = (typeUrl: string, pubKey: Uint8Array): Any => ({ typeUrl, value: PubKey.encode({ key: pubKey }).finish() });

/** The key kind of a network: absent facts are the Cosmos Hub's (118, secp256k1). */
export function keyKindOf(facts: KeyFacts): KeyKind {
  const path = (index: number) => accountPath(facts, index);
  if (facts.keyAlgo === "ethsecp256k1") {
    const typeUrl = facts.pubKeyTypeUrl ?? ETH_PUBKEY_TYPE_URLS.cosmosEvm;
    // A chain of another family names its amino key after itself ("<family>/PubKeyEthSecp256k1").
    const aminoName = ETH_AMINO_NAMES[typeUrl] ?? `${typeUrl.split(".")[0]!.slice(1)}/PubKeyEthSecp256k1`;
    return {
      algo: "ethsecp256k1",
      path,
      address: (pubKey, prefix) => toBech32(prefix, ethAddressBytes(pubKey)),
      pubKeyAny: (pubKey) => anyOf(typeUrl, pubKey),
      aminoPubKey: (pubKey) => ({ type: aminoName, value: toBase64(pubKey) }),
      digest: (signBytes) => keccak_256(signBytes),
    };
  }
  return {
    algo: "secp256k1",
    path,
    address: (pubKey, prefix) => toBech32(prefix, ripemd160(sha256(pubKey))),
    pubKeyAny: (pubKey) => anyOf(SECP256K1_TYPE_URL, pubKey),
    aminoPubKey: (pubKey) => ({ type: "tendermint/PubKeySecp256k1", value: toBase64(pubKey) }),
    digest: (signBytes) => sha256(signBytes),
  };
}

/** Ethereum's address: the last 20 bytes of Keccak-256 of the uncompressed key without its 0x04 prefix. */
export function ethAddressBytes(pubKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(pubKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** The secp256k1 key pair at `path` of a BIP39 seed (SLIP-10, as BIP32); the public key compressed. */
export function deriveKeypair(seed: Uint8Array, path: string): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(path));
  return { privateKey: privkey, publicKey: secp256k1.getPublicKey(privkey, true) };
}

/** A 64-byte r‖s signature over a 32-byte digest, low-S and deterministic (RFC 6979), as the Cosmos SDK and Ethereum accept it. */
export function signDigest(privateKey: Uint8Array, digest: Uint8Array): Uint8Array {
  return secp256k1.sign(digest, privateKey, { prehash: false, lowS: true, format: "compact" });
}
