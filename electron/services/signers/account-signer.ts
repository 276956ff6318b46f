import type { MultisigThresholdPubkey, StdSignDoc } from "@cosmjs/amino";
import type { ModeInfo, SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import type { KeyFacts } from "../../../shared/network/key-facts.js";
import type { AccountKind, SignModeName } from "../../../shared/wallet/account-kinds.js";
import { AppError } from "../app-error.js";

/** A network as its signers need it: its id (external accounts are kept per network), prefix and key facts. */
export type SignersNetwork = KeyFacts & { readonly id: string; readonly bech32Prefix: string; readonly name?: string };

/** What one account is asked to sign: the sign doc of the mode the prepared transaction names. */
export type SignRequest =
  | { readonly mode: "SIGN_MODE_DIRECT"; readonly signDoc: SignDoc }
  | { readonly mode: "SIGN_MODE_LEGACY_AMINO_JSON"; readonly signDoc: StdSignDoc };

/** A signature, and for a kind that learns it only while signing, the signer info's mode. */
export interface SignOutcome {
  /** The bytes that go in TxRaw.signatures: r‖s for one key; a multisig's encoded MultiSignature. */
  readonly signature: Uint8Array;
  /**
   * LEGACY_AMINO_JSON only (the amino sign doc does not cover AuthInfo): the signer info's mode
   * as it must be sent, e.g. a multisig's `multi` with the bit array of the members who signed.
   * Absent: the mode the transaction was prepared with.
   */
  readonly modeInfo?: ModeInfo;
}

/**
 * One account on one network, whatever keeps its key (docs/architecture.md, "Signers and
 * routes"). The review, the outbox and the undo window use this and never ask which kind it is.
 */
export interface AccountSigner {
  readonly kind: AccountKind;
  readonly address: string;
  /** The modes it signs in, its own first; empty: it prepares and never signs here (watch-only). */
  readonly signModes: readonly SignModeName[];
  /** The compressed public key, base64, as WalletAccount and the seed's transfer body carry it; "" when none is known. */
  readonly pubKey: string;
  /** The public key as AuthInfo's signer info carries it (its key kind's type URL; a multisig's LegacyAminoPubKey), or undefined when unknown. */
  pubKeyAny(): Any | undefined;
  /** The signer info's mode for a transaction prepared in `mode`; absent: `single` (a multisig gives `multi`). */
  modeInfo?(mode: SignModeName): ModeInfo;
  /**
   * Signs. Rejects with an AppError worded for the user: `cannot_sign_here` for a mode it lacks
   * (every mode, for a kind with none), `wallet_locked`, a device's refusal, and so on.
   */
  sign(request: SignRequest): Promise<SignOutcome>;
  /**
   * Signs a multisig's LEGACY_AMINO_JSON sign doc as one of its members (the only mode the SDK
   * takes from a member): r‖s, 64 bytes. Absent for a kind whose key does not sign here (a
   * watch-only address, a multisig itself); the member's signature file is imported instead.
   * Refuses in words as `sign` does, and when this account is not a member or a message is not
   * the multisig's.
   */
  signAsMember?(multisig: MultisigThresholdPubkey, signDoc: StdSignDoc): Promise<Uint8Array>;
}

/** A kind asked for a signature it cannot make here: a watch-only address, or a mode it does not sign in. */
export class CannotSignHereError extends AppError {
  constructor(readonly account: string, readonly kind: AccountKind, mode?: SignModeName) {
    super("cannot_sign_here", mode
      ? `${account} (${kind}) cannot sign in ${mode}`
      : `${account} is a ${kind === "watch" ? "watch-only address" : `${kind} account`}: it cannot sign here; export the transaction unsigned and sign it where its key is`);
  }
}

/**
 * The mode a transaction for `signer` is prepared in: `wanted` when the signer signs in it
 * (CannotSignHereError otherwise), else its own first mode. A kind that signs nothing here
 * (watch-only) is prepared in the mode asked for, DIRECT by default: its file is signed elsewhere.
 */
export function modeFor(signer: Pick<AccountSigner, "address" | "kind" | "signModes">, wanted?: SignModeName): SignModeName {
  if (signer.signModes.length === 0) return wanted ?? "SIGN_MODE_DIRECT";
  if (wanted === undefined) return signer.signModes[0]!;
  if (!signer.signModes.includes(wanted)) throw new CannotSignHereError(signer.address, signer.kind, wanted);
  return wanted;
}
