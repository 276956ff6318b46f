import { makeSignDoc, serializeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { aminoMsgSend } from "../../shared/cosmos/bank/amino.js";
import type { Transfer } from "./transfer.js";

/**
 * The SIGN_MODE_LEGACY_AMINO_JSON sign doc of one `cosmos-sdk/MsgSend`, exactly as CosmJS
 * `makeSignDoc` builds it (https://docs.cosmos.network/main/build/architecture/adr-020-protobuf-transaction-encoding).
 */
export function transferSignDoc(transfer: Transfer, chainId: string, accountNumber: bigint): StdSignDoc {
  const msg = aminoMsgSend(transfer.from, transfer.to, [{ denom: transfer.amount.denom, amount: transfer.amount.amount.toString() }]);
  const feeAmount = transfer.fee.amount > 0n ? [{ denom: transfer.fee.denom, amount: transfer.fee.amount.toString() }] : [];
  return makeSignDoc(
    [msg],
    { amount: feeAmount, gas: transfer.gas.toString() },
    chainId,
    transfer.memo,
    accountNumber.toString(),
    transfer.nonce.toString(),
    transfer.timeoutHeight > 0n ? transfer.timeoutHeight : undefined,
  );
}

/** The bytes a signer signs: sorted, escaped amino JSON. */
export function signBytes(doc: StdSignDoc): Uint8Array {
  return serializeSignDoc(doc);
}
