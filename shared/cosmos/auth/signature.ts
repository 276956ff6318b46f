import { secp256k1 } from "@noble/curves/secp256k1.js";

/**
 * The chain's rules for a secp256k1 signature and a multisig's bit array, in one place for the
 * access service (server/lib/tx-signer.ts, signature.ts) and the app's offline import
 * (electron/services/offline/), so neither accepts what the chain refuses.
 */

const CURVE_ORDER = secp256k1.Point.CURVE().n;
const HALF_ORDER = CURVE_ORDER >> 1n;

/**
 * What is wrong with a signature before any key or message is looked at, in words that follow
 * "the signature", or undefined: it must be 64 bytes (r‖s), r and s between 1 and the curve
 * order, and s in the lower half (low-S, as the Cosmos SDK's secp256k1 VerifySignature requires:
 * the high-S twin of a valid signature is malleable, so the chain refuses it).
 */
export function secp256k1SignatureProblem(signature: Uint8Array): string | undefined {
  if (signature.length !== 64) return `holds ${signature.length} bytes; a secp256k1 signature (r‖s) holds 64`;
  const r = scalar(signature.subarray(0, 32));
  const s = scalar(signature.subarray(32, 64));
  if (r === 0n || r >= CURVE_ORDER || s === 0n || s >= CURVE_ORDER) return "has an r or s of zero or not below the curve order";
  if (s > HALF_ORDER) return "is high-S (its s is over half the curve order): the chain refuses such a malleable signature, as the Cosmos SDK's secp256k1 VerifySignature does";
  return undefined;
}

/** What is wrong with a key a signature is checked against, in words that follow "the key", or undefined. */
export function secp256k1KeyProblem(pubkey: Uint8Array): string | undefined {
  if (pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3)) return `holds ${pubkey.length} bytes; a compressed secp256k1 key holds 33, starting 02 or 03`;
  try {
    secp256k1.Point.fromBytes(pubkey);
  } catch {
    return "is not a point on the secp256k1 curve";
  }
  return undefined;
}

/**
 * Whether `signature` (r‖s, low-S) was made by the compressed `pubkey` over sha256(`signBytes`),
 * by the chain's rules (secp256k1SignatureProblem, secp256k1KeyProblem); false for anything the
 * chain would refuse.
 */
export function verifySecp256k1(signature: Uint8Array, signBytes: Uint8Array, pubkey: Uint8Array): boolean {
  if (secp256k1SignatureProblem(signature) !== undefined || secp256k1KeyProblem(pubkey) !== undefined) return false;
  try {
    return secp256k1.verify(signature, signBytes, pubkey, { prehash: true, lowS: true, format: "compact" });
  } catch {
    return false;
  }
}

/**
 * The compressed keys for which `signature` verifies over sha256(`signBytes`), one per recovery
 * id that gives a point (at most two); none for a signature the chain would refuse whatever the key.
 */
export function secp256k1Signers(signature: Uint8Array, signBytes: Uint8Array): Uint8Array[] {
  if (secp256k1SignatureProblem(signature) !== undefined) return [];
  const keys: Uint8Array[] = [];
  for (const recovery of [0, 1]) {
    const recoverable = new Uint8Array(65);
    recoverable[0] = recovery;
    recoverable.set(signature, 1);
    let key: Uint8Array;
    try {
      key = secp256k1.recoverPublicKey(recoverable, signBytes, { prehash: true });
    } catch {
      continue; // this recovery id gives no point on the curve; the other may
    }
    if (verifySecp256k1(signature, signBytes, key)) keys.push(key);
  }
  return keys;
}

function scalar(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** A multisig bit array the chain would refuse; the message says what is wrong with it. */
export class BitArrayError extends Error {}

/** A multisig's CompactBitArray as cosmjs-types decodes it (cosmos.crypto.multisig.v1beta1). */
export interface CompactBits {
  readonly extraBitsStored: number;
  readonly elems: Uint8Array;
}

/**
 * The number of bits a CompactBitArray holds, as the Cosmos SDK's CompactBitArray.Count() reads
 * it: every bit of `elems` when no extra bits are stored, else all bits of the bytes but the
 * last and `extraBitsStored` bits of the last.
 */
export function bitArraySize(bits: CompactBits): number {
  return bits.extraBitsStored === 0 ? bits.elems.length * 8 : (bits.elems.length - 1) * 8 + bits.extraBitsStored;
}

/**
 * The places of the members a multisig's bit array marks, in order (most significant bit of
 * each byte first). The array must hold exactly `memberCount` bits, as the Cosmos SDK's
 * VerifyMultisignature requires; throws BitArrayError naming what is wrong otherwise.
 */
export function bitArrayMembers(bits: CompactBits, memberCount: number): number[] {
  if (!Number.isInteger(bits.extraBitsStored) || bits.extraBitsStored < 0 || bits.extraBitsStored > 7) {
    throw new BitArrayError(`the multisig's bit array is malformed: it says ${bits.extraBitsStored} extra bits are stored in its last byte, which stores 1 to 7 (0 when every byte is whole)`);
  }
  if (bits.extraBitsStored > 0 && bits.elems.length === 0) {
    throw new BitArrayError(`the multisig's bit array is malformed: it says ${bits.extraBitsStored} extra bits are stored and holds no byte to store them in`);
  }
  const size = bitArraySize(bits);
  if (size !== memberCount) {
    const words = size < memberCount ? "too short" : "too long";
    throw new BitArrayError(`the multisig's bit array is ${words}: it holds ${size} bits (${plural(bits.elems.length, "byte")}, ${plural(bits.extraBitsStored, "extra bit")}) for the multisig's ${memberCount} members, and must hold one bit per member`);
  }
  const set: number[] = [];
  for (let i = 0; i < memberCount; i++) {
    if ((bits.elems[i >> 3]! & (1 << (7 - (i & 7)))) !== 0) set.push(i);
  }
  return set;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
