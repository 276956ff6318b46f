import type { StdSignDoc } from "@cosmjs/amino";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { cosmosAminoTypes, cosmosRegistry } from "./signing.js";

/**
 * The TxRaw bytes of a SIGN_MODE_LEGACY_AMINO_JSON sign doc signed by one secp256k1 key, for any
 * registered message. The access service builds them to broadcast; main builds the same bytes
 * before submitting, so it knows the transaction's id (tx-id.ts) and a retry after a crash asks
 * "did this arrive?" instead of signing again (docs/access-interface.md, "Signing").
 */
export function aminoTxRaw(doc: StdSignDoc, pubKey: Uint8Array, signature: Uint8Array): Uint8Array {
  const bodyBytes = TxBody.encode(TxBody.fromPartial({
    messages: doc.msgs.map((msg) => cosmosRegistry.encodeAsAny(cosmosAminoTypes.fromAmino(msg))),
    memo: doc.memo,
    timeoutHeight: BigInt(doc.timeout_height ?? "0"),
  })).finish();
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{
      publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: pubKey }).finish() },
      modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } },
      sequence: BigInt(doc.sequence),
    }],
    fee: { amount: [...doc.fee.amount], gasLimit: BigInt(doc.fee.gas) },
  })).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [signature] })).finish();
}
