import type { StdSignDoc } from "@cosmjs/amino";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, type ModeInfo } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { AminoFormError, type AminoSignDocFacts, aminoSignDocOfBody } from "../../../../shared/cosmos/amino-sign-doc.js";
import type { SignModeName } from "../../../../shared/wallet/account-kinds.js";
import { AppError } from "../../app-error.js";

/** One signer's part of AuthInfo: its key (absent for an address whose key nobody knows yet), sequence and mode. */
export interface SignerInfoFacts {
  readonly pubkey: Any | undefined;
  readonly sequence: bigint;
  readonly signMode: SignModeName;
  /** The kind's own mode info (a multisig's `multi`); absent: `single` in `signMode`. */
  readonly modeInfo?: ModeInfo;
}

/** The AuthInfo bytes of a one-signer transaction in the signer's mode; for DIRECT they are the bytes CosmJS `makeAuthInfoBytes` makes. */
export function authInfoBytesOf(signer: SignerInfoFacts, fee: ReadonlyArray<{ denom: string; amount: string }>, gas: bigint): Uint8Array {
  return AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{ publicKey: signer.pubkey, modeInfo: signer.modeInfo ?? { single: { mode: SignMode[signer.signMode] } }, sequence: signer.sequence }],
    fee: { amount: [...fee], gasLimit: gas },
  })).finish();
}

/** The same AuthInfo with its one signer's mode info replaced (a multisig names who signed only once they have). */
export function withModeInfo(authInfoBytes: Uint8Array, modeInfo: ModeInfo): Uint8Array {
  const info = AuthInfo.decode(authInfoBytes);
  return AuthInfo.encode({ ...info, signerInfos: info.signerInfos.map((s) => ({ ...s, modeInfo })) }).finish();
}

/** The LEGACY_AMINO_JSON sign doc of a prepared body (shared/cosmos/amino-sign-doc.ts), refused in words when its amino form cannot say all of it. */
export function aminoSignDocOf(bodyBytes: Uint8Array, facts: AminoSignDocFacts): StdSignDoc {
  try {
    return aminoSignDocOfBody(bodyBytes, facts);
  } catch (error) {
    if (error instanceof AminoFormError) throw new AppError("amino_unsupported", `this transaction cannot be signed in amino JSON: ${error.message}`);
    throw error;
  }
}
