import { type TxRecord, isPending } from "./records.js";

/**
 * Which versions of the records a read sees. `durable` (every reader's default: `GET`, the list,
 * the next nonce, the queue) sees a version only once its write is durable, so nothing a client
 * is shown can be lost by a crash. `accepted` adds the versions still being written; only writers
 * use it, so that two transitions of one record chain instead of overwriting each other and a
 * nonce being taken is seen as taken.
 */
export type StoreView = "durable" | "accepted";

/**
 * The versions whose write is under way, kept beside a store's durable state. A store with its
 * records in memory calls `begin` before writing a version and the returned function once the
 * write has settled; it makes the version visible to `durable` reads only after a successful write.
 */
export class WritesUnderWay {
  private readonly newest = new Map<string, { record: TxRecord; writes: number }>();

  /** `record` is being written; call the result once the write succeeded or failed. */
  begin(record: TxRecord): () => void {
    const entry = this.newest.get(record.txHash);
    const writes = (entry?.writes ?? 0) + 1;
    this.newest.set(record.txHash, { record, writes });
    return () => {
      const current = this.newest.get(record.txHash);
      if (!current) return;
      if (current.writes <= 1) this.newest.delete(record.txHash);
      else this.newest.set(record.txHash, { record: current.record, writes: current.writes - 1 });
    };
  }

  /** The newest version being written, if any. */
  get(txHash: string): TxRecord | undefined {
    return this.newest.get(txHash)?.record;
  }

  /** The durable pending records with the versions under way laid over them (the `accepted` view). */
  overlayPending(durable: readonly TxRecord[]): TxRecord[] {
    if (this.newest.size === 0) return [...durable];
    const byHash = new Map(durable.map((r) => [r.txHash, r]));
    for (const { record } of this.newest.values()) {
      if (isPending(record)) byHash.set(record.txHash, record);
      else byHash.delete(record.txHash);
    }
    return [...byHash.values()];
  }
}
