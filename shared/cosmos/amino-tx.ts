import { fromBase64, toHex } from "@cosmjs/encoding";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { StdSignDoc } from "../contract/tx.js";

/**
 * The id the access service will give a signed transfer: upper-case hex sha256 of the TxRaw it
 * builds (docs/access-interface.md, "Signing"). Knowing it before submitting lets the outbox
 * ask "did this arrive?" after a crash instead of signing a second transfer.
 */
export function txHashOf(doc: StdSignDoc, pubKeyB64: string, signatureB64: string): string {
  const msg = doc.msgs[0]!.value;
  const bodyBytes = TxBody.encode(TxBody.fromPartial({
    messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: msg.from_address, toAddress: msg.to_address, amount: msg.amount })).finish() }],
    memo: doc.memo,
    timeoutHeight: BigInt(doc.timeout_height ?? "0"),
  })).finish();
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{
      publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: fromBase64(pubKeyB64) }).finish() },
      modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } },
      sequence: BigInt(doc.sequence),
    }],
    fee: { amount: doc.fee.amount, gasLimit: BigInt(doc.fee.gas) },
  })).finish();
  const raw = TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [fromBase64(signatureB64)] })).finish();
  return toHex(sha256(raw)).toUpperCase();
}
