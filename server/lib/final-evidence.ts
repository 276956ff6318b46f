import type { AccountState } from "./node-client.js";
import type { TxRecord } from "./records.js";

/*
 * When a transaction that no read found on chain may be called final (expired, rejected). Only
 * evidence that a block committing between two reads cannot change counts; a lookup by hash that
 * finds nothing is not such evidence (the block may commit, or the node may index it, a moment
 * later). `scannedThrough` is the store's followed height: every block up to it has been read and
 * every transaction of this service found in them is settled durably, so a record still unsettled
 * is in none of them. Both store implementations get this from the follower (follower.ts).
 */

/** No block after `scannedThrough` may include it, and none up to it did. */
export function timeoutPassed(record: Pick<TxRecord, "timeoutHeight">, scannedThrough: bigint): boolean {
  const timeout = BigInt(record.timeoutHeight);
  return timeout > 0n && scannedThrough >= timeout;
}

/**
 * Its nonce was used by another transaction: the sender's sequence had moved past it in the state
 * of `account.height`, and every block up to that height has been read without finding it.
 */
export function nonceUsedElsewhere(record: Pick<TxRecord, "nonce">, scannedThrough: bigint, account: AccountState | undefined): boolean {
  return account !== undefined && account.sequence > BigInt(record.nonce) && scannedThrough >= account.height;
}

/** The sequence says the nonce is used, but the blocks that would show by whom are not all read yet. */
export function nonceUsedUnproven(record: Pick<TxRecord, "nonce">, account: AccountState | undefined): boolean {
  return account !== undefined && account.sequence > BigInt(record.nonce);
}
