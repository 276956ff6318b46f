import { pubkeyToAddress, serializeSignDoc } from "@cosmjs/amino";
import { toBase64 } from "@cosmjs/encoding";
import { makeSignBytes } from "@cosmjs/proto-signing";
import { LegacyAminoPubKey } from "cosmjs-types/cosmos/crypto/multisig/keys";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import type { SignerInfo } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { AminoFormError, aminoSignDocOfBody } from "../../shared/cosmos/amino-sign-doc.js";
import { BitArrayError, bitArrayMembers, type CompactBits, secp256k1SignatureProblem, verifySecp256k1 } from "../../shared/cosmos/auth/signature.js";
import { addressOfPubkey } from "./address.js";
import { ApiError } from "./errors.js";

const SECP256K1_PUBKEY = "/cosmos.crypto.secp256k1.PubKey";
const MULTISIG_PUBKEY = "/cosmos.crypto.multisig.LegacyAminoPubKey";
/** More members than a multisig the app makes (20), and than a review can show. */
const MAX_MEMBERS = 20;

/**
 * The one signer of a `{txBytes}` transaction, as far as the service can check it: one
 * secp256k1 key in SIGN_MODE_DIRECT or SIGN_MODE_LEGACY_AMINO_JSON, or a LegacyAminoPubKey
 * multisig whose members each signed in LEGACY_AMINO_JSON.
 */
export type TxSigner =
  | { readonly kind: "single"; readonly mode: "direct" | "amino"; readonly address: string; readonly publicKey: Uint8Array; readonly signature: Uint8Array }
  | {
    readonly kind: "multisig";
    readonly address: string;
    readonly threshold: number;
    readonly members: readonly Uint8Array[];
    /** The members who signed (by their place in the key), each with its signature. */
    readonly signed: ReadonlyArray<{ readonly member: number; readonly signature: Uint8Array }>;
  };

const invalid = (message: string) => new ApiError(400, "invalid_tx", message);
const unverifiable = (message: string) => new ApiError(422, "unverifiable_signer", message);

/** Reads the signer info and its signature bytes (hostile input: every length and field is checked). */
export function parseTxSigner(info: SignerInfo, signature: Uint8Array, prefix: string): TxSigner {
  if (info.publicKey?.typeUrl === MULTISIG_PUBKEY) return parseMultisig(info, signature, prefix);
  const single = info.modeInfo?.single;
  if (!single) throw unverifiable("a single key's signer info must name a single sign mode");
  const mode = single.mode === SignMode.SIGN_MODE_DIRECT ? "direct" : single.mode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON ? "amino" : undefined;
  if (!mode) throw unverifiable(`the signature is made in sign mode ${SignMode[single.mode] ?? single.mode}; this service verifies SIGN_MODE_DIRECT and SIGN_MODE_LEGACY_AMINO_JSON`);
  const publicKey = secp256k1Key(info.publicKey, "the signer's public key");
  if (signature.length !== 64) throw invalid(`the signature holds ${signature.length} bytes; a secp256k1 signature (r‖s) holds 64`);
  return { kind: "single", mode, address: addressOfPubkey(publicKey, prefix), publicKey, signature };
}

function parseMultisig(info: SignerInfo, signature: Uint8Array, prefix: string): TxSigner {
  const key = decodeOr(() => LegacyAminoPubKey.decode(info.publicKey!.value), "the multisig public key does not decode");
  if (key.publicKeys.length === 0 || key.publicKeys.length > MAX_MEMBERS) throw invalid(`the multisig key has ${key.publicKeys.length} members; this service takes 1 to ${MAX_MEMBERS}`);
  if (key.threshold < 1 || key.threshold > key.publicKeys.length) throw invalid(`the multisig key's threshold ${key.threshold} is not between 1 and its ${key.publicKeys.length} members`);
  const members = key.publicKeys.map((any, i) => {
    if (any.typeUrl === MULTISIG_PUBKEY) throw unverifiable(`member ${i} of the multisig is itself a multisig; this service verifies one level of members`);
    return secp256k1Key(any, `member ${i} of the multisig`);
  });
  const multi = info.modeInfo?.multi;
  if (!multi?.bitarray) throw invalid("a multisig signer info must name its signers with mode info multi (a bit array)");
  const chosen = signedMembers(multi.bitarray, members.length);
  const { signatures } = decodeOr(() => MultiSignature.decode(signature), "the multisig's signature is not a cosmos.crypto.multisig.v1beta1.MultiSignature");
  if (chosen.length !== signatures.length || multi.modeInfos.length !== signatures.length) {
    throw invalid(`the multisig's bit array names ${chosen.length} signers, its mode infos ${multi.modeInfos.length} and its signature carries ${signatures.length}: they must agree`);
  }
  multi.modeInfos.forEach((mode, i) => {
    if (mode.single?.mode !== SignMode.SIGN_MODE_LEGACY_AMINO_JSON) throw unverifiable(`member ${chosen[i]} of the multisig signed in a mode other than SIGN_MODE_LEGACY_AMINO_JSON, which this service does not verify for a multisig`);
  });
  if (chosen.length < key.threshold) throw new ApiError(422, "below_threshold", `the multisig needs ${key.threshold} of its ${members.length} members' signatures; it carries ${chosen.length}`);
  signatures.forEach((s, i) => {
    if (s.length !== 64) throw invalid(`member ${chosen[i]}'s signature holds ${s.length} bytes; a secp256k1 signature (r‖s) holds 64`);
  });
  const address = pubkeyToAddress({
    type: "tendermint/PubKeyMultisigThreshold",
    value: { threshold: String(key.threshold), pubkeys: members.map((m) => ({ type: "tendermint/PubKeySecp256k1", value: toBase64(m) })) },
  }, prefix);
  return { kind: "multisig", address, threshold: key.threshold, members, signed: chosen.map((member, i) => ({ member, signature: signatures[i]! })) };
}

/** The facts of the transaction a signature covers besides the body's bytes. */
export interface SignedFacts {
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  readonly fee: { readonly amount: ReadonlyArray<{ denom: string; amount: string }>; readonly gas: bigint };
  readonly sequence: bigint;
}

/**
 * Whether every signature verifies: over the SIGN_MODE_DIRECT sign doc, or over the amino JSON
 * sign doc rebuilt from the body with the app's converters (shared/cosmos/amino-sign-doc.ts).
 * Throws 422 `invalid_signature` naming the mode, or `unverifiable_signer` for a body the amino
 * converters cannot say all of.
 */
export function verifyTxSigner(signer: TxSigner, tx: SignedFacts, chainId: string, accountNumber: bigint): void {
  const where = `with chain id "${chainId}" and account number ${accountNumber} (bytes changed after signing, or signed for another chain or account)`;
  if (signer.kind === "single" && signer.mode === "direct") {
    const signBytes = makeSignBytes({ bodyBytes: tx.bodyBytes, authInfoBytes: tx.authInfoBytes, chainId, accountNumber });
    mustVerify(signer.signature, signBytes, signer.publicKey, "the signature", `the signature does not verify for ${signer.address}'s key over the SIGN_MODE_DIRECT sign doc of these bytes ${where}`);
    return;
  }
  let doc;
  try {
    doc = aminoSignDocOfBody(tx.bodyBytes, { fee: tx.fee, chainId, accountNumber, sequence: tx.sequence });
  } catch (error) {
    if (error instanceof AminoFormError) throw unverifiable(`the amino JSON sign doc of this transaction cannot be rebuilt here: ${error.message}`);
    throw error;
  }
  const signBytes = serializeSignDoc(doc);
  if (signer.kind === "single") {
    mustVerify(signer.signature, signBytes, signer.publicKey, "the signature", `the signature does not verify for ${signer.address}'s key over the SIGN_MODE_LEGACY_AMINO_JSON sign doc of these bytes ${where}`);
    return;
  }
  for (const { member, signature } of signer.signed) {
    mustVerify(signature, signBytes, signer.members[member]!, `member ${member}'s signature`, `member ${member}'s signature does not verify for its key over the SIGN_MODE_LEGACY_AMINO_JSON sign doc of these bytes ${where}`);
  }
}

/** The members the multisig's bit array marks (shared/cosmos/auth/signature.ts), a malformed array refused as 400 `invalid_tx`. */
function signedMembers(bits: CompactBits, size: number): number[] {
  try {
    return bitArrayMembers(bits, size);
  } catch (error) {
    if (error instanceof BitArrayError) throw invalid(error.message);
    throw error;
  }
}

/** Refuses a signature the chain would refuse whatever it signs (high-S), then one that does not verify, in `refusal`'s words. */
function mustVerify(signature: Uint8Array, signBytes: Uint8Array, key: Uint8Array, who: string, refusal: string): void {
  const problem = secp256k1SignatureProblem(signature);
  if (problem) throw new ApiError(422, "invalid_signature", `${who} ${problem}`);
  if (!verifySecp256k1(signature, signBytes, key)) throw new ApiError(422, "invalid_signature", refusal);
}

function secp256k1Key(any: Any | undefined, what: string): Uint8Array {
  if (any?.typeUrl !== SECP256K1_PUBKEY) throw invalid(`${what} must be a ${SECP256K1_PUBKEY}, not "${any?.typeUrl ?? "(none)"}"`);
  const key = decodeOr(() => PubKey.decode(any.value).key, `${what} does not decode`);
  if (key.length !== 33 || (key[0] !== 2 && key[0] !== 3)) throw invalid(`${what} must be a 33-byte compressed secp256k1 key`);
  return key;
}

function decodeOr<T>(decode: () => T, message: string): T {
  try {
    return decode();
  } catch {
    throw new ApiError(400, "invalid_tx_bytes", message);
  }
}
