import { fromBase64 } from "@cosmjs/encoding";
import { keyKindOf } from "../vault/key-kind.js";
import { CannotSignHereError } from "./account-signer.js";
import type { ExternalKindFactory } from "./signers.js";

/**
 * A watch-only address: listed, read and prepared for (its public key in AuthInfo when known,
 * else none), never signed here. Its `signModes` are empty, and `sign` refuses with
 * `cannot_sign_here`: the transaction leaves as an unsigned file instead.
 */
export const watchKind: ExternalKindFactory = (record, network) => ({
  kind: "watch",
  address: record.address,
  signModes: [],
  pubKey: record.pubKey,
  pubKeyAny: () => (record.pubKey ? keyKindOf(network).pubKeyAny(fromBase64(record.pubKey)) : undefined),
  sign: () => Promise.reject(new CannotSignHereError(record.address, "watch")),
});
