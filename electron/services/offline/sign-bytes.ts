import { makeSignDoc as makeAminoSignDoc, serializeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { makeSignBytes, makeSignDoc } from "@cosmjs/proto-signing";
import { AuthInfo, TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { cosmosAminoTypes, cosmosRegistry } from "../../../shared/cosmos/signing.js";
import { AppError } from "../app-error.js";

/** Where a signature is made: the chain and the account's number and sequence on it. */
export interface SignContext {
  readonly chainId: string;
  readonly accountNumber: bigint;
  readonly sequence: bigint;
}

/** The SIGN_MODE_DIRECT bytes a signer signs: the body and auth info as they are, the chain id and the account number. */
export function directSignBytes(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, context: SignContext): Uint8Array {
  return makeSignBytes(makeSignDoc(bodyBytes, authInfoBytes, context.chainId, context.accountNumber));
}

/**
 * The SIGN_MODE_LEGACY_AMINO_JSON sign doc of a transaction (what `simd tx sign --sign-mode
 * amino-json` and every multisig member sign): its messages in their amino form, its fee, memo
 * and timeout height, at this chain, account number and sequence.
 */
export function aminoSignDoc(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, context: SignContext): StdSignDoc {
  const body = TxBody.decode(bodyBytes);
  const fee = AuthInfo.decode(authInfoBytes).fee;
  const msgs = body.messages.map((any) => {
    try {
      return cosmosAminoTypes.toAmino({ typeUrl: any.typeUrl, value: cosmosRegistry.decode(any) });
    } catch {
      throw new AppError("unknown_message_type", `a ${any.typeUrl} message has no amino form this wallet knows, so it cannot be signed with LEGACY_AMINO_JSON`);
    }
  });
  const stdFee = {
    amount: (fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
    gas: (fee?.gasLimit ?? 0n).toString(),
    ...(fee?.payer ? { payer: fee.payer } : {}),
    ...(fee?.granter ? { granter: fee.granter } : {}),
  };
  const timeout = body.timeoutHeight > 0n ? body.timeoutHeight : undefined;
  return makeAminoSignDoc(msgs, stdFee, context.chainId, body.memo, context.accountNumber, context.sequence.toString(), timeout);
}

export function aminoSignBytes(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, context: SignContext): Uint8Array {
  return serializeSignDoc(aminoSignDoc(bodyBytes, authInfoBytes, context));
}
