import type { Tx } from "../../../shared/contract/tx.js";

/** What the user may still do with a transaction, by its state; a control the state does not allow is not shown. */
export interface TxActions {
  /**
   * Only a queued transaction is held (by the service, or by main before a direct broadcast):
   * cancelling it means it is never sent. Once broadcast it is in a mempool, and a Cosmos chain
   * cannot take it back; a final one is over. A transfer the service found on chain was never
   * held anywhere.
   */
  readonly cancel: boolean;
}

export function txActions(tx: Pick<Tx, "status" | "source">): TxActions {
  return { cancel: tx.status === "queued" && tx.source !== "chain" };
}
