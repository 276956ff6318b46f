import { Tx } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { bankMessages, MSG_SEND_TYPE_URL } from "../../shared/cosmos/bank/messages.js";
import { txIdOf } from "../../shared/cosmos/tx-id.js";
import type { TxResult } from "./node-client.js";
import type { TxRecord } from "./records.js";

/**
 * The record of a bank transfer found in a block, or undefined for any other transaction.
 * A transaction with several MsgSend is listed by its first one.
 */
export function chainTransfer(raw: Uint8Array, result: TxResult, height: bigint, blockTime: string): TxRecord | undefined {
  // Block times carry nanoseconds; milliseconds keep them comparable with the service's own times.
  const time = new Date(blockTime).toISOString();
  let tx: Tx;
  try {
    tx = Tx.decode(raw);
  } catch {
    return undefined; // not a Cosmos SDK transaction we can read: nothing to list
  }
  const message = tx.body?.messages.find((m) => m.typeUrl === MSG_SEND_TYPE_URL);
  if (!message) return undefined;
  const send = bankMessages[MSG_SEND_TYPE_URL].decode(message.value);
  const status = result.code === 0 ? "committed" : "failed";
  const fee = tx.authInfo?.fee;
  return {
    txHash: txIdOf(raw),
    from: send.fromAddress,
    to: send.toAddress,
    amount: send.amount.map((c) => `${c.amount}${c.denom}`).join(","),
    status,
    source: "chain",
    nonce: (tx.authInfo?.signerInfos[0]?.sequence ?? 0n).toString(),
    memo: tx.body?.memo ?? "",
    fee: fee?.amount.map((c) => `${c.amount}${c.denom}`).join(",") ?? "",
    gas: (fee?.gasLimit ?? 0n).toString(),
    height: height.toString(),
    time,
    code: result.code,
    codespace: result.codespace,
    log: result.log,
    timeoutHeight: (tx.body?.timeoutHeight ?? 0n).toString(),
    createdAt: time,
    history: [{ status, at: time, detail: `found on chain at height ${height}` }],
    sortKey: time,
  };
}
