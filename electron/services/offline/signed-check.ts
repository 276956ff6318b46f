import { pubkeyToAddress, type MultisigThresholdPubkey } from "@cosmjs/amino";
import { toBase64 } from "@cosmjs/encoding";
import { arrayContentEquals as equals } from "@cosmjs/utils";
import { LegacyAminoPubKey } from "cosmjs-types/cosmos/crypto/multisig/keys";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, type SignerInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { BitArrayError, bitArrayMembers, secp256k1SignatureProblem, verifySecp256k1 } from "../../../shared/cosmos/auth/signature.js";
import { AppError } from "../app-error.js";
import { parseTxFile } from "./tx-file.js";
import { txFromSdkJson } from "./protojson.js";
import { aminoSignBytes, directSignBytes, type SignContext } from "./sign-bytes.js";

/** What main exported for signing elsewhere, kept by its id until the signed file comes back. */
export interface ExportedTx {
  readonly signer: string;
  readonly bech32Prefix: string;
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  readonly context: SignContext;
}

/** A signed file that passed every check: the bytes to broadcast and who signed in which mode. */
export interface CheckedTx {
  readonly txBytes: Uint8Array;
  readonly mode: "direct" | "amino-json" | "multisig";
  /** For a multisig: the members whose signatures verified, by address, and the threshold. */
  readonly members?: { readonly signed: readonly string[]; readonly threshold: number };
}

const SECP256K1 = "/cosmos.crypto.secp256k1.PubKey";
const MULTISIG = "/cosmos.crypto.multisig.LegacyAminoPubKey";

/**
 * Reads a signed transaction file (`simd tx sign`, `simd tx multisign`) and checks it is the
 * exported transaction, signed by its sender, for this chain: same body and fee, the signer's
 * key deriving the sender's address, and each signature verifying in its own sign mode, the
 * multisig's threshold met. `otherChainIds` (the app's other networks) only sharpen the refusal
 * of a file signed for one of them.
 */
export async function checkSignedFile(text: string, exported: ExportedTx, otherChainIds: readonly string[] = []): Promise<CheckedTx> {
  const json = parseTxFile(text);
  const file = txFromSdkJson(json);
  sameTransaction(file.bodyBytes, file.authInfoBytes, exported);
  const authInfo = AuthInfo.decode(file.authInfoBytes);
  if (authInfo.signerInfos.length !== 1 || file.signatures.length !== 1) {
    throw new AppError("not_signed", file.signatures.length === 0 ? "the file holds no signature: sign it first (simd tx sign --offline …)" : "the file holds more than one signer; this transaction has one");
  }
  const info = authInfo.signerInfos[0]!;
  if (info.sequence !== exported.context.sequence) {
    throw new AppError("wrong_sequence", `the file is signed at sequence ${info.sequence}, the exported transaction at ${exported.context.sequence}: sign it again with --sequence ${exported.context.sequence}`);
  }
  const signature = file.signatures[0]!;
  const checked = info.publicKey?.typeUrl === MULTISIG
    ? checkMultisig(info, signature, file, exported, otherChainIds)
    : checkSingle(info, signature, file, exported, otherChainIds);
  const txBytes = TxRaw.encode({ bodyBytes: file.bodyBytes, authInfoBytes: file.authInfoBytes, signatures: [signature] }).finish();
  return { ...checked, txBytes };
}

function sameTransaction(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, exported: ExportedTx): void {
  if (!equals(bodyBytes, exported.bodyBytes)) {
    const mine = TxBody.decode(exported.bodyBytes);
    const theirs = TxBody.decode(bodyBytes);
    const what = theirs.memo !== mine.memo ? "its memo"
      : theirs.timeoutHeight !== mine.timeoutHeight ? "its timeout height"
      : "its messages";
    throw new AppError("not_exported_tx", `this file is not the transaction that was exported: ${what} differ. It was changed, or it is another transaction`);
  }
  const mine = AuthInfo.decode(exported.authInfoBytes).fee;
  const theirs = AuthInfo.decode(authInfoBytes).fee;
  const feeText = (fee: typeof mine) => `${(fee?.amount ?? []).map((c) => `${c.amount}${c.denom}`).join(",") || "no fee"} for ${fee?.gasLimit ?? 0n} gas`;
  if (feeText(mine) !== feeText(theirs) || (mine?.payer ?? "") !== (theirs?.payer ?? "") || (mine?.granter ?? "") !== (theirs?.granter ?? "")) {
    throw new AppError("not_exported_tx", `this file's fee (${feeText(theirs)}) is not the exported transaction's (${feeText(mine)}): it was changed, or it is another transaction`);
  }
}

type FileBytes = { bodyBytes: Uint8Array; authInfoBytes: Uint8Array };

function signBytesFor(mode: SignMode, file: FileBytes, context: SignContext): Uint8Array {
  if (mode === SignMode.SIGN_MODE_DIRECT) return directSignBytes(file.bodyBytes, file.authInfoBytes, context);
  if (mode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON) return aminoSignBytes(file.bodyBytes, file.authInfoBytes, context);
  throw new AppError("unsupported_sign_mode", `the file is signed in sign mode ${mode}; this wallet checks SIGN_MODE_DIRECT and SIGN_MODE_LEGACY_AMINO_JSON`);
}

/**
 * Refuses a signature the chain refuses whatever it signs (a wrong length, high-S), then one that
 * does not verify here, naming the other network's chain if it verifies there.
 */
function mustVerify(signature: Uint8Array, verifyFor: (chainId: string) => boolean, exported: ExportedTx, otherChainIds: readonly string[], who: string): void {
  const problem = secp256k1SignatureProblem(signature);
  if (problem) throw new AppError("bad_signature", `${who} ${problem}`);
  if (verifyFor(exported.context.chainId)) return;
  for (const chainId of otherChainIds) {
    if (chainId !== exported.context.chainId && verifyFor(chainId)) {
      throw new AppError("wrong_chain", `${who} was made for chain ${chainId}, not ${exported.context.chainId}: sign it again with --chain-id ${exported.context.chainId}`);
    }
  }
  throw new AppError("bad_signature", `${who} does not verify for this transaction on chain ${exported.context.chainId} (account ${exported.context.accountNumber}, sequence ${exported.context.sequence}): it was made over another transaction, for another chain, or the file was changed after signing`);
}

function checkSingle(info: SignerInfo, signature: Uint8Array, file: FileBytes, exported: ExportedTx, otherChainIds: readonly string[]): Omit<CheckedTx, "txBytes"> {
  if (info.publicKey?.typeUrl !== SECP256K1) throw new AppError("unsupported_key", `the file's signer key is ${info.publicKey?.typeUrl ?? "missing"}; this wallet checks secp256k1 keys and multisigs of them`);
  const key = PubKey.decode(info.publicKey.value).key;
  const address = pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: toBase64(key) }, exported.bech32Prefix);
  if (address !== exported.signer) throw new AppError("wrong_signer", `the file is signed by ${address}, not by the sender ${exported.signer}`);
  const mode = info.modeInfo?.single?.mode;
  if (mode === undefined) throw new AppError("unsupported_sign_mode", "the file's signer has no single sign mode");
  const verifyFor = (chainId: string) => verifySecp256k1(signature, signBytesFor(mode, file, { ...exported.context, chainId }), key);
  mustVerify(signature, verifyFor, exported, otherChainIds, "the signature");
  return { mode: mode === SignMode.SIGN_MODE_DIRECT ? "direct" : "amino-json" };
}

function checkMultisig(info: SignerInfo, signature: Uint8Array, file: FileBytes, exported: ExportedTx, otherChainIds: readonly string[]): Omit<CheckedTx, "txBytes"> {
  const multisig = LegacyAminoPubKey.decode(info.publicKey!.value);
  const members = multisig.publicKeys.map((k) => {
    if (k.typeUrl !== SECP256K1) throw new AppError("unsupported_key", `a member key of the multisig is ${k.typeUrl}; this wallet checks secp256k1 members`);
    return PubKey.decode(k.value).key;
  });
  const aminoKey: MultisigThresholdPubkey = {
    type: "tendermint/PubKeyMultisigThreshold",
    value: { threshold: String(multisig.threshold), pubkeys: members.map((m) => ({ type: "tendermint/PubKeySecp256k1", value: toBase64(m) })) },
  };
  const address = pubkeyToAddress(aminoKey, exported.bech32Prefix);
  if (address !== exported.signer) throw new AppError("wrong_signer", `the file is signed by the multisig ${address}, not by the sender ${exported.signer}`);
  const multi = info.modeInfo?.multi;
  if (!multi?.bitarray) throw new AppError("invalid_file", "the multisig signer has no member bit array");
  let present: number[];
  try {
    present = bitArrayMembers(multi.bitarray, members.length);
  } catch (error) {
    if (error instanceof BitArrayError) throw new AppError("invalid_file", error.message);
    throw error;
  }
  const sigs = MultiSignature.decode(signature).signatures;
  if (present.length !== sigs.length || multi.modeInfos.length !== sigs.length) throw new AppError("invalid_file", "the multisig's bit array, sign modes and signatures do not match in number");
  const signed: string[] = [];
  for (const [i, index] of present.entries()) {
    const mode = multi.modeInfos[i]!.single?.mode;
    if (mode !== SignMode.SIGN_MODE_LEGACY_AMINO_JSON) throw new AppError("unsupported_sign_mode", "a multisig member must sign with SIGN_MODE_LEGACY_AMINO_JSON");
    const member = members[index]!;
    const memberAddress = pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: toBase64(member) }, exported.bech32Prefix);
    const verifyFor = (chainId: string) => verifySecp256k1(sigs[i]!, signBytesFor(mode, file, { ...exported.context, chainId }), member);
    mustVerify(sigs[i]!, verifyFor, exported, otherChainIds, `the signature of member ${memberAddress}`);
    signed.push(memberAddress);
  }
  if (signed.length < multisig.threshold) {
    throw new AppError("threshold_not_met", `the multisig needs ${multisig.threshold} signatures and the file holds ${signed.length}: collect more members' signatures`);
  }
  return { mode: "multisig", members: { signed, threshold: multisig.threshold } };
}
