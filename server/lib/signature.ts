import { secp256k1SignatureProblem, secp256k1Signers, verifySecp256k1 } from "../../shared/cosmos/auth/signature.js";
import { addressOfPubkey } from "./address.js";
import { ApiError } from "./errors.js";

/**
 * Finds the compressed key that made `signature` over `message` (sha256-hashed) and derives
 * `from`. With `publicKey` given, that key must derive `from` and verify; without it, the keys of
 * both recovery ids are tried. The chain's rules (low-S, lengths) are shared/cosmos/auth/signature.ts.
 * Throws `invalid_signature` (422) otherwise.
 */
export function verifiedSigner(signature: Uint8Array, message: Uint8Array, from: string, prefix: string, publicKey?: Uint8Array): Uint8Array {
  const problem = secp256k1SignatureProblem(signature);
  if (problem) throw new ApiError(422, "invalid_signature", `the signature ${problem}`);
  if (publicKey) {
    if (addressOfPubkey(publicKey, prefix) !== from) {
      throw new ApiError(422, "invalid_signature", "publicKey does not derive the from address");
    }
    if (!verifySecp256k1(signature, message, publicKey)) {
      throw new ApiError(422, "invalid_signature", "the signature does not verify for publicKey over the sign doc");
    }
    return publicKey;
  }
  const key = secp256k1Signers(signature, message).find((k) => addressOfPubkey(k, prefix) === from);
  if (key) return key;
  throw new ApiError(422, "invalid_signature", "the signature was not made by the key of the from address over this sign doc (check chain id, account number, nonce, fee, gas and memo)");
}
