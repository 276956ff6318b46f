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
  /**
   * A send a node refused for its fee, after the review closed (the undo window): the gas price
   * the node asks for now, to prepare the same messages again at; undefined for any other.
   */
  readonly repriceAt: string | undefined;
}

export function txActions(tx: Pick<Tx, "status" | "source" | "gasPriceNow">): TxActions {
  return {
    cancel: tx.status === "queued" && tx.source !== "chain",
    repriceAt: tx.status === "rejected" && tx.source !== "chain" && tx.gasPriceNow ? tx.gasPriceNow : undefined,
  };
}
