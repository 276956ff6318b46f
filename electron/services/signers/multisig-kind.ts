import { createMultisigThresholdPubkey } from "@cosmjs/amino";
import { encodePubkey } from "@cosmjs/proto-signing";
import { CannotSignHereError } from "./account-signer.js";
import type { ExternalKindFactory } from "./signers.js";

/**
 * A multisig account (`simd keys add --multisig`): its key made of its members' keys, in the
 * order the record keeps them, and its threshold. It signs in LEGACY_AMINO_JSON only, as every
 * multisig member does, and never alone: its members' signatures are collected on the exported
 * transaction (offline/offline-handlers.ts) from their files or from this app's vault.
 */
export const multisigKind: ExternalKindFactory = (record) => {
  const members = record.multisig?.members ?? [];
  const pubkey = createMultisigThresholdPubkey(members.map((m) => ({ type: "tendermint/PubKeySecp256k1", value: m.pubKey })), record.multisig?.threshold ?? 1, true);
  return {
    kind: "multisig",
    address: record.address,
    signModes: ["SIGN_MODE_LEGACY_AMINO_JSON"],
    pubKey: "",
    pubKeyAny: () => encodePubkey(pubkey),
    sign: () => Promise.reject(new CannotSignHereError(record.address, "multisig")),
  };
};
