import { z } from "zod";
import { Journal } from "./journal.js";
import { decodeCursor, encodeCursor } from "./list-cursor.js";
import { type TxRecord, TxRecordSchema } from "./records.js";
import { type InsertOutcome, isPending, type ListPage, type ListQuery, type PendingStatus, type TxStore } from "./tx-store.js";

export type { ListPage, ListQuery, TxStore } from "./tx-store.js";

const EntrySchema = z.union([
  z.object({ k: z.literal("tx"), v: TxRecordSchema }),
  z.object({ k: z.literal("height"), v: z.string().regex(/^\d+$/) }),
]);

/** Newest first: later sortKey first, then txHash as a tie-breaker. Ascending array, read backwards. */
function compare(a: { sortKey: string; txHash: string }, b: { sortKey: string; txHash: string }): number {
  if (a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1;
  return a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0;
}

/** The default store: a fsync'd JSON-lines journal, compacted at start, with an in-memory index. */
export class JournalStore implements TxStore {
  private readonly byHash = new Map<string, TxRecord>();
  private readonly ordered: TxRecord[] = [];
  private readonly open = new Map<string, TxRecord>();
  private height = 0n;

  private constructor(private readonly journal: Journal) {}

  /** Opens (and compacts) the journal at `path`. */
  static async open(path: string): Promise<JournalStore> {
    const { journal, entries } = await Journal.open(path, compactEntries);
    const store = new JournalStore(journal);
    for (const raw of entries) {
      const entry = EntrySchema.parse(raw);
      if (entry.k === "tx") store.index(entry.v);
      else store.height = BigInt(entry.v);
    }
    return store;
  }

  get(txHash: string): TxRecord | undefined {
    return this.byHash.get(txHash);
  }

  async put(...records: TxRecord[]): Promise<void> {
    const previous = records.map((r) => this.byHash.get(r.txHash));
    for (const record of records) this.index(record);
    try {
      await Promise.all(records.map((record) => this.journal.append({ k: "tx", v: record })));
    } catch (err) {
      // Not on disk, so not acknowledged: memory must not act on it either (the queue would send it).
      records.forEach((record, i) => this.restore(record, previous[i]));
      throw err;
    }
  }

  async insert(record: TxRecord): Promise<InsertOutcome> {
    const existing = this.byHash.get(record.txHash);
    if (existing) {
      await this.sync(); // the first write of it may still be waiting for its fsync
      return { kind: "exists", record: existing };
    }
    const rival = isPending(record.status) ? [...this.open.values()].find((r) => r.from === record.from && r.nonce === record.nonce) : undefined;
    if (rival) return { kind: "nonce_taken", rival };
    await this.put(record); // checked and indexed in this tick: a racing insert sees it
    return { kind: "created", record };
  }

  async update(txHash: string, change: (current: TxRecord) => TxRecord | undefined): Promise<TxRecord | undefined> {
    const current = this.byHash.get(txHash);
    const next = current && change(current);
    if (!next) return undefined;
    await this.put(next);
    return next;
  }

  sync(): Promise<void> {
    return this.journal.sync();
  }

  list(query: ListQuery): ListPage {
    let index = this.ordered.length - 1;
    if (query.cursor !== undefined) {
      const [sortKey, txHash] = decodeCursor(query.cursor);
      index = this.lowerBound({ sortKey, txHash }) - 1;
    }
    const items: TxRecord[] = [];
    for (; index >= 0 && items.length <= query.limit; index--) {
      const record = this.ordered[index]!;
      if (query.status !== undefined && record.status !== query.status) continue;
      if (query.address !== undefined && record.from !== query.address && record.to !== query.address) continue;
      items.push(record);
    }
    if (items.length <= query.limit) return { items };
    const page = items.slice(0, query.limit);
    const last = page[page.length - 1]!;
    return { items: page, nextCursor: encodeCursor(last.sortKey, last.txHash) };
  }

  pending(sender?: string, status?: PendingStatus): readonly TxRecord[] {
    return [...this.open.values()].filter((r) => (sender === undefined || r.from === sender) && (status === undefined || r.status === status));
  }

  dueSenders(now: number, skip: ReadonlySet<string>): readonly string[] {
    const senders = new Set<string>();
    for (const r of this.open.values()) if (r.status === "queued" && !skip.has(r.txHash) && Date.parse(r.holdUntil ?? r.createdAt) <= now) senders.add(r.from);
    return [...senders];
  }

  followedHeight(): bigint {
    return this.height;
  }

  async setFollowedHeight(height: bigint): Promise<void> {
    this.height = height;
    await this.journal.append({ k: "height", v: height.toString() });
  }

  close(): Promise<void> {
    return this.journal.close();
  }

  private index(record: TxRecord): void {
    const previous = this.byHash.get(record.txHash);
    this.byHash.set(record.txHash, record);
    if (record.status === "queued" || record.status === "broadcast") this.open.set(record.txHash, record);
    else this.open.delete(record.txHash);
    const at = this.lowerBound(previous ?? record);
    if (previous && this.ordered[at]?.txHash === previous.txHash) {
      if (previous.sortKey === record.sortKey) {
        this.ordered[at] = record;
        return;
      }
      this.ordered.splice(at, 1);
    }
    this.ordered.splice(this.lowerBound(record), 0, record);
  }

  private restore(failed: TxRecord, previous: TxRecord | undefined): void {
    if (this.byHash.get(failed.txHash) !== failed) return; // a later write has replaced it
    if (previous) {
      this.index(previous);
      return;
    }
    this.byHash.delete(failed.txHash);
    this.open.delete(failed.txHash);
    const at = this.lowerBound(failed);
    if (this.ordered[at]?.txHash === failed.txHash) this.ordered.splice(at, 1);
  }

  /** First position whose element is not less than `key`. */
  private lowerBound(key: { sortKey: string; txHash: string }): number {
    let lo = 0;
    let hi = this.ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.ordered[mid]!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Keeps the last version of each record and the last followed height. */
function compactEntries(entries: unknown[]): unknown[] {
  const records = new Map<string, unknown>();
  let height: unknown;
  for (const entry of entries) {
    const parsed = EntrySchema.safeParse(entry);
    if (!parsed.success) continue; // an entry from a future version or damaged: skipped, never fatal
    if (parsed.data.k === "tx") records.set(parsed.data.v.txHash, entry);
    else height = entry;
  }
  return height === undefined ? [...records.values()] : [...records.values(), height];
}
