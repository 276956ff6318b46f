import { secp256k1 } from "@noble/curves/secp256k1.js";
import { addressOfPubkey } from "./address.js";
import { ApiError } from "./errors.js";

/**
 * Finds the compressed key that made `signature` over `message` (sha256-hashed) and derives
 * `from`. With `publicKey` given, that key must derive `from` and verify; without it, both
 * recovery ids are tried. Throws `invalid_signature` (422) otherwise.
 */
export function verifiedSigner(signature: Uint8Array, message: Uint8Array, from: string, prefix: string, publicKey?: Uint8Array): Uint8Array {
  if (publicKey) {
    if (addressOfPubkey(publicKey, prefix) !== from) {
      throw new ApiError(422, "invalid_signature", "publicKey does not derive the from address");
    }
    if (!safeVerify(signature, message, publicKey)) {
      throw new ApiError(422, "invalid_signature", "the signature does not verify for publicKey over the sign doc");
    }
    return publicKey;
  }
  for (const recovery of [0, 1]) {
    const recoverable = new Uint8Array(65);
    recoverable[0] = recovery;
    recoverable.set(signature, 1);
    let key: Uint8Array;
    try {
      key = secp256k1.recoverPublicKey(recoverable, message);
    } catch {
      continue; // this recovery id gives no point on the curve; the other may
    }
    if (addressOfPubkey(key, prefix) === from && safeVerify(signature, message, key)) return key;
  }
  throw new ApiError(422, "invalid_signature", "the signature was not made by the key of the from address over this sign doc (check chain id, account number, nonce, fee, gas and memo)");
}

/** Whether `signature` (r‖s, low S) was made by `key` over sha256(`message`); false for anything malformed. */
export function signatureVerifies(signature: Uint8Array, message: Uint8Array, key: Uint8Array): boolean {
  return safeVerify(signature, message, key);
}

function safeVerify(signature: Uint8Array, message: Uint8Array, key: Uint8Array): boolean {
  try {
    // lowS: the chain refuses malleable high-S signatures, so the service does too.
    return secp256k1.verify(signature, message, key, { lowS: true });
  } catch {
    return false;
  }
}
