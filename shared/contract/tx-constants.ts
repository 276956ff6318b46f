/**
 * The transaction contract's plain values, kept apart from its schemas (./tx.ts) so that a page
 * can use them without loading zod: inside Electron the preload checks the contract, and the
 * renderer loads zod only with the browser mode's bridge client.
 */

/** Transaction statuses of the access service (docs/access-interface.md, "Pending and cancel"). */
export const TX_STATUSES = ["queued", "broadcast", "committed", "failed", "cancelled", "expired", "rejected"] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
/** Final states never change again, except that the chain itself may prove a commit. */
export const FINAL_TX_STATUSES: ReadonlySet<TxStatus> = new Set(["committed", "failed", "cancelled", "expired", "rejected"]);
/** The final states a user waits to hear about; a cancel is their own doing. */
export const NOTIFIED_TX_STATUSES: ReadonlySet<TxStatus> = new Set(["committed", "failed", "rejected", "expired"]);
/** How long main follows a submitted transaction that is still pending; no status event comes after. */
export const TX_FOLLOW_MS = 10 * 60_000;

/** Blocks a transaction stays valid for when the user sets no timeout (about 10 minutes at 6 s blocks). */
export const DEFAULT_TIMEOUT_BLOCKS = 100;
export const MAX_TIMEOUT_BLOCKS = 1_000_000;
