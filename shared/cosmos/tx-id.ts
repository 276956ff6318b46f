import { toHex } from "@cosmjs/encoding";
import { sha256 } from "@noble/hashes/sha2.js";

/**
 * A transaction's id: upper-case hex sha256 of its TxRaw bytes, as CometBFT names it and as the
 * access service keys it (docs/access-interface.md, "Transaction id"). Known before broadcast.
 */
export function txIdOf(txRaw: Uint8Array): string {
  return toHex(sha256(txRaw)).toUpperCase();
}
