import { createMultisigThresholdPubkey, type MultisigThresholdPubkey, pubkeyToAddress, type Secp256k1Pubkey } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { encodePubkey } from "@cosmjs/proto-signing";
import { LegacyAminoPubKey } from "cosmjs-types/cosmos/crypto/multisig/keys";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode, signModeFromJSON } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { secp256k1SignatureProblem, verifySecp256k1 } from "../../../shared/cosmos/auth/signature.js";
import { AppError } from "../app-error.js";
import { txFromSdkJson } from "./protojson.js";
import { aminoSignBytes, type SignContext } from "./sign-bytes.js";
import { parseSignatureFile } from "./tx-file.js";

export const MAX_MULTISIG_MEMBERS = 20;
const SECP256K1 = "/cosmos.crypto.secp256k1.PubKey";

/**
 * One member's public key as a user pastes it: the JSON `simd keys show --pubkey` prints
 * (`{"@type":"/cosmos.crypto.secp256k1.PubKey","key":"A…"}`) or the base64 of the 33-byte
 * compressed key alone.
 */
export function memberKey(text: string): Secp256k1Pubkey {
  const trimmed = text.trim();
  let base64 = trimmed;
  if (trimmed.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw new AppError("invalid_pubkey", "the key is not JSON as simd keys show --pubkey prints it");
    }
    const record = (json ?? {}) as Record<string, unknown>;
    if (record["@type"] !== SECP256K1 || typeof record.key !== "string") {
      throw new AppError("invalid_pubkey", `the key's @type is ${String(record["@type"] ?? "missing")}; a multisig member is a ${SECP256K1}`);
    }
    base64 = record.key;
  }
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64);
  } catch {
    throw new AppError("invalid_pubkey", "the key is neither simd's JSON nor base64");
  }
  if (bytes.length !== 33 || (bytes[0] !== 2 && bytes[0] !== 3)) throw new AppError("invalid_pubkey", `the key is ${bytes.length} bytes; a compressed secp256k1 key is 33, starting 02 or 03`);
  return { type: "tendermint/PubKeySecp256k1", value: toBase64(bytes) };
}

/**
 * The multisig of these members and threshold, and its address on the network, as `simd keys
 * add --multisig` makes it: the members sorted by address unless `nosort` (simd's `--nosort`).
 */
export function multisigAccount(members: readonly string[], threshold: number, prefix: string, nosort = false): { pubkey: MultisigThresholdPubkey; address: string } {
  if (members.length < 1 || members.length > MAX_MULTISIG_MEMBERS) throw new AppError("invalid_multisig", `a multisig has 1 to ${MAX_MULTISIG_MEMBERS} members; ${members.length} given`);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > members.length) throw new AppError("invalid_multisig", `the threshold must be between 1 and the ${members.length} members; ${threshold} given`);
  const keys = members.map((m, i) => {
    try {
      return memberKey(m);
    } catch (error) {
      throw new AppError("invalid_pubkey", `member ${i + 1}: ${(error as Error).message}`);
    }
  });
  if (new Set(keys.map((k) => k.value)).size !== keys.length) throw new AppError("invalid_multisig", "a member's key is given twice");
  const pubkey = createMultisigThresholdPubkey(keys, threshold, nosort);
  return { pubkey, address: pubkeyToAddress(pubkey, prefix) };
}

export function memberAddresses(multisig: MultisigThresholdPubkey, prefix: string): string[] {
  return multisig.value.pubkeys.map((k) => pubkeyToAddress(k, prefix));
}

/**
 * The signatures one member's file holds for this transaction (`simd tx sign --multisig=<address>
 * --offline …`, signature-only JSON or a whole signed transaction), each checked: its key is a
 * member's, its mode LEGACY_AMINO_JSON, its sequence the transaction's, and it verifies over the
 * transaction's amino sign doc on this chain. Keyed by the member's address.
 */
export function memberSignatures(
  text: string, multisig: MultisigThresholdPubkey, prefix: string, tx: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; context: SignContext },
): Map<string, Uint8Array> {
  const file = parseSignatureFile(text);
  const entries: Array<{ keyTypeUrl: string; key: Uint8Array; mode: SignMode; signature: Uint8Array; sequence: bigint }> = [];
  if ("body" in file) {
    const bytes = txFromSdkJson(file);
    const info = AuthInfo.decode(bytes.authInfoBytes).signerInfos;
    info.forEach((s, i) => entries.push({
      keyTypeUrl: s.publicKey?.typeUrl ?? "", key: s.publicKey ? PubKey.decode(s.publicKey.value).key : new Uint8Array(),
      mode: s.modeInfo?.single?.mode ?? SignMode.UNRECOGNIZED, signature: bytes.signatures[i] ?? new Uint8Array(), sequence: s.sequence,
    }));
  } else {
    for (const s of file.signatures) {
      const key = typeof s.public_key.key === "string" ? s.public_key.key : "";
      entries.push({ keyTypeUrl: String(s.public_key["@type"] ?? ""), key: fromBase64(key), mode: signModeFromJSON(s.data.single.mode), signature: fromBase64(s.data.single.signature), sequence: BigInt(s.sequence) });
    }
  }
  const members = new Map(multisig.value.pubkeys.map((k) => [k.value, pubkeyToAddress(k, prefix)]));
  const found = new Map<string, Uint8Array>();
  const signBytes = aminoSignBytes(tx.bodyBytes, tx.authInfoBytes, tx.context);
  for (const entry of entries) {
    if (entry.keyTypeUrl !== SECP256K1) throw new AppError("unsupported_key", `the file's key is ${entry.keyTypeUrl || "missing"}; a multisig member signs with a ${SECP256K1}`);
    const address = members.get(toBase64(entry.key));
    if (!address) throw new AppError("not_a_member", `the file is signed by ${pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: toBase64(entry.key) }, prefix)}, which is not a member of this multisig`);
    if (entry.mode !== SignMode.SIGN_MODE_LEGACY_AMINO_JSON) throw new AppError("unsupported_sign_mode", `${address} signed in another sign mode; a multisig member signs with --sign-mode amino-json (simd tx sign --multisig=… does)`);
    if (entry.sequence !== tx.context.sequence) throw new AppError("wrong_sequence", `${address} signed at sequence ${entry.sequence}, the transaction is at ${tx.context.sequence}`);
    const problem = secp256k1SignatureProblem(entry.signature);
    if (problem) throw new AppError("bad_signature", `the signature of ${address} ${problem}`);
    if (!verifySecp256k1(entry.signature, signBytes, entry.key)) {
      throw new AppError("bad_signature", `the signature of ${address} does not verify for this transaction on chain ${tx.context.chainId} (account ${tx.context.accountNumber}, sequence ${tx.context.sequence}): it was made over another transaction or for another chain`);
    }
    found.set(address, entry.signature);
  }
  return found;
}

/**
 * The multisig transaction's bytes once the threshold is met, as `simd tx multisign` assembles
 * them: the members' signatures in the multisig's key order, each marked in the bit array.
 */
export function assembleMultisig(multisig: MultisigThresholdPubkey, prefix: string, bodyBytes: Uint8Array, authInfoBytes: Uint8Array, sequence: bigint, signatures: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const threshold = Number(multisig.value.threshold);
  const byMember = memberAddresses(multisig, prefix).map((address) => signatures.get(address));
  const count = byMember.filter((s) => s !== undefined).length;
  if (count < threshold) throw new AppError("threshold_not_met", `the multisig needs ${threshold} signatures and has ${count}: collect more members' signatures`);
  const fee = AuthInfo.decode(authInfoBytes).fee;
  return multisigTx(bodyBytes, encodePubkey(multisig), sequence, fee?.amount ?? [], fee?.gasLimit ?? 0n, byMember);
}

/** A multisig's TxRaw: its signer info in the multisig's form (a bit array, a mode per signature) and one MultiSignature. */
function multisigTx(bodyBytes: Uint8Array, pubkeyAny: Any, sequence: bigint, fee: ReadonlyArray<{ denom: string; amount: string }>, gasLimit: bigint, byMember: ReadonlyArray<Uint8Array | undefined>): Uint8Array {
  const elems = new Uint8Array(Math.ceil(byMember.length / 8));
  byMember.forEach((s, i) => {
    if (s) elems[i >> 3]! |= 1 << (7 - (i & 7));
  });
  const present = byMember.filter((s): s is Uint8Array => s !== undefined);
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{
      publicKey: pubkeyAny,
      modeInfo: { multi: { bitarray: { extraBitsStored: byMember.length % 8, elems }, modeInfos: present.map(() => ({ single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } })) } },
      sequence,
    }],
    fee: { amount: [...fee], gasLimit },
  })).finish();
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [MultiSignature.encode({ signatures: present }).finish()] }).finish();
}

export const MULTISIG_TYPE_URL = "/cosmos.crypto.multisig.LegacyAminoPubKey";

/**
 * The TxRaw a multisig's transaction is simulated with: the chain wants its signer info in the
 * multisig's form (a bit array, a mode per signature) even when simulating, so the probe carries
 * `threshold` signature-sized placeholders of the first members, as many as will be verified.
 */
export function multisigSimulationTx(bodyBytes: Uint8Array, pubkeyAny: Any, sequence: bigint, fee: ReadonlyArray<{ denom: string; amount: string }>): Uint8Array {
  const { threshold, publicKeys } = LegacyAminoPubKey.decode(pubkeyAny.value);
  return multisigTx(bodyBytes, pubkeyAny, sequence, fee, 0n, publicKeys.map((_, i) => (i < threshold ? new Uint8Array(64) : undefined)));
}
