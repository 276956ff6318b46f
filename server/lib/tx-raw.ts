import { toHex } from "@cosmjs/encoding";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Transfer } from "./transfer.js";

/** The TxRaw bytes of a signed transfer (SIGN_MODE_LEGACY_AMINO_JSON, secp256k1 key). */
export function buildTxRaw(transfer: Transfer, pubkey: Uint8Array, signature: Uint8Array): Uint8Array {
  const send = MsgSend.fromPartial({
    fromAddress: transfer.from,
    toAddress: transfer.to,
    amount: [{ denom: transfer.amount.denom, amount: transfer.amount.amount.toString() }],
  });
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(send).finish() }],
      memo: transfer.memo,
      timeoutHeight: transfer.timeoutHeight,
    }),
  ).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [
        {
          publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: pubkey }).finish() },
          modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } },
          sequence: transfer.nonce,
        },
      ],
      fee: {
        amount: transfer.fee.amount > 0n ? [{ denom: transfer.fee.denom, amount: transfer.fee.amount.toString() }] : [],
        gasLimit: transfer.gas,
      },
    }),
  ).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [signature] })).finish();
}

/** The transaction id: upper-case hex sha256 of the TxRaw bytes, as CometBFT reports it. */
export function txHash(txRaw: Uint8Array): string {
  return toHex(sha256(txRaw)).toUpperCase();
}
