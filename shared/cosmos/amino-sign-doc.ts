import { makeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { cosmosAminoTypes, cosmosRegistry } from "./signing.js";

/** A transaction body whose amino JSON does not say all of it: a LEGACY_AMINO_JSON signature would not cover what the chain executes. */
export class AminoFormError extends Error {}

/** The parts of a transaction the LEGACY_AMINO_JSON sign doc covers besides its body. */
export interface AminoSignDocFacts {
  readonly fee: { readonly amount: ReadonlyArray<{ denom: string; amount: string }>; readonly gas: bigint };
  readonly chainId: string;
  readonly accountNumber: bigint;
  readonly sequence: bigint;
}

/**
 * The SIGN_MODE_LEGACY_AMINO_JSON sign doc of a transaction body, with the amino converters of
 * every registered message (`signing.ts`): what the app's key or Ledger signs, and what the access
 * service verifies a signature against, so both read one code. Every message must be registered
 * (the caller checks the actions first); a body whose amino form does not encode back to the
 * very same bytes (a field the converter drops, extension options) is refused with an
 * AminoFormError, since the signature would not cover what the chain runs.
 */
export function aminoSignDocOfBody(bodyBytes: Uint8Array, facts: AminoSignDocFacts): StdSignDoc {
  const body = TxBody.decode(bodyBytes);
  const msgs = body.messages.map((any) => {
    try {
      return cosmosAminoTypes.toAmino({ typeUrl: any.typeUrl, value: cosmosRegistry.decode(any) });
    } catch {
      throw new AminoFormError(`a ${any.typeUrl} message has no amino JSON form here`);
    }
  });
  const again = cosmosRegistry.encodeTxBody({ messages: msgs.map((m) => cosmosAminoTypes.fromAmino(m)), memo: body.memo, timeoutHeight: body.timeoutHeight });
  if (!sameBytes(again, bodyBytes)) throw new AminoFormError("the transaction's body says more than its amino JSON form can (a field the amino form drops, or options it cannot carry)");
  return makeSignDoc(msgs, { amount: [...facts.fee.amount], gas: facts.fee.gas.toString() }, facts.chainId, body.memo, facts.accountNumber.toString(), facts.sequence.toString(), body.timeoutHeight);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
