import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { ApiError } from "./errors.js";

/** Checks a bech32 account address: checksum, prefix and a 20- or 32-byte payload. */
export function checkAddress(address: string, prefix: string, field: string): string {
  let decoded: { prefix: string; data: Uint8Array };
  try {
    decoded = fromBech32(address, 90); // 90: the bech32 spec limit
  } catch (err) {
    throw new ApiError(400, "invalid_address", `${field} is not a valid bech32 address: ${(err as Error).message}`, { field });
  }
  if (decoded.prefix !== prefix) {
    throw new ApiError(400, "invalid_address", `${field} has prefix "${decoded.prefix}"; this network uses "${prefix}"`, { field });
  }
  if (decoded.data.length !== 20 && decoded.data.length !== 32) {
    throw new ApiError(400, "invalid_address", `${field} holds ${decoded.data.length} bytes; an account address holds 20 or 32`, { field });
  }
  if (address !== address.toLowerCase()) {
    throw new ApiError(400, "invalid_address", `${field} must be lower case`, { field });
  }
  return address;
}

/** The account address of a compressed secp256k1 key: bech32(ripemd160(sha256(key))). */
export function addressOfPubkey(pubkey: Uint8Array, prefix: string): string {
  return toBech32(prefix, ripemd160(sha256(pubkey)));
}
