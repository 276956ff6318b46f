import type { ListedTx, TxRecord, TxStatus } from "./records.js";

/** A value now (the journal, in memory) or later (PostgreSQL, over the network); callers await either. */
export type MaybePromise<T> = T | Promise<T>;

/** A page request of `GET /transactions`. */
export interface ListQuery {
  readonly limit: number;
  readonly address?: string;
  readonly status?: TxStatus;
  readonly cursor?: string;
}

/** One page, newest first; `nextCursor` when more follow. */
export interface ListPage {
  readonly items: readonly ListedTx[];
  readonly nextCursor?: string;
}

/** What `insert` did: stored it, found the same transaction already stored, or found another pending one holding its sender's nonce. */
export type InsertOutcome =
  | { readonly kind: "created"; readonly record: TxRecord }
  | { readonly kind: "exists"; readonly record: TxRecord }
  | { readonly kind: "nonce_taken"; readonly rival: TxRecord };

/**
 * Where the service keeps its transactions: the journal (one process, `store.ts`) or
 * PostgreSQL (any number of replicas, `postgres/pg-store.ts`). Every write resolves only once
 * it is durable, so a `2xx` is never sent for something a crash could lose.
 */
export interface TxStore {
  get(txHash: string): MaybePromise<TxRecord | undefined>;
  /**
   * Stores a new record unless its hash is already stored or, for a pending one, another
   * pending record of the same sender holds its nonce. The check and the write are one atomic
   * step, so two submissions racing (in one process or on two replicas) cannot both win.
   */
  insert(record: TxRecord): Promise<InsertOutcome>;
  /**
   * Applies `change` to the current version of a record and stores the result only if nobody
   * changed the record in between (a conditional update: of two writers, whichever commits
   * first wins, and `change` is asked again about the winner's version). `change` returns
   * undefined to leave the record as it is; the history may only grow.
   */
  update(txHash: string, change: (current: TxRecord) => TxRecord | undefined): Promise<TxRecord | undefined>;
  /** Resolves when every earlier write is durable. */
  sync(): Promise<void>;
  list(query: ListQuery): MaybePromise<ListPage>;
  /** Records not yet final (queued or broadcast, or only those in `status`), of one sender or of all, for the queue and the reconciler. */
  pending(sender?: string, status?: PendingStatus): MaybePromise<readonly TxRecord[]>;
  /** Senders with a queued transaction whose window has passed at `now` (ms), leaving out the hashes in `skip`. */
  dueSenders(now: number, skip: ReadonlySet<string>): MaybePromise<readonly string[]>;
  /** The last block height whose transfers are all recorded (0 when none). */
  followedHeight(): MaybePromise<bigint>;
  setFollowedHeight(height: bigint): Promise<void>;
  close(): Promise<void>;
}

/** Statuses the queue and the reconciler still act on (records.ts `isPending`). */
export type PendingStatus = "queued" | "broadcast";
