import { z } from "zod";
import type { AsyncFiles } from "./durable-file.js";
import type { StorageError } from "./errors.js";
import { type CompactionThreshold, Journal } from "./journal.js";
import { decodeCursor, encodeCursor } from "./list-cursor.js";
import { isPending, type TxRecord, TxRecordSchema } from "./records.js";
import type { InsertOutcome, ListPage, ListQuery, PendingStatus, TxStore } from "./tx-store.js";
import { type StoreView, WritesUnderWay } from "./writes-under-way.js";

export type { ListPage, ListQuery, TxStore } from "./tx-store.js";
export type { StoreView } from "./writes-under-way.js";

const EntrySchema = z.union([
  z.object({ k: z.literal("tx"), v: TxRecordSchema }),
  z.object({ k: z.literal("height"), v: z.string().regex(/^\d+$/) }),
]);

/** Newest first: later sortKey first, then txHash as a tie-breaker. Ascending array, read backwards. */
function compare(a: { sortKey: string; txHash: string }, b: { sortKey: string; txHash: string }): number {
  if (a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1;
  return a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0;
}

/** A followed height is written when records changed, or after this many blocks without any. */
export const HEIGHT_LINE_EVERY = 1_000n;

export interface JournalStoreOptions {
  /** The file layer (tests inject faults here). */
  readonly files?: AsyncFiles;
  readonly compactAt?: CompactionThreshold;
  /** A compaction that failed; the journal goes on in its old file. */
  readonly onCompactionError?: (err: StorageError) => void;
}

/**
 * The default store: a fsync'd JSON-lines journal, compacted whenever it grows past its live
 * records (server/lib/journal.ts), with an in-memory index of the durable versions.
 */
export class JournalStore implements TxStore {
  private readonly byHash = new Map<string, TxRecord>();
  private readonly ordered: TxRecord[] = [];
  private readonly open = new Map<string, TxRecord>();
  private readonly underWay = new WritesUnderWay();
  private height = 0n;
  /** The height in the journal's last height line. */
  private writtenHeight = 0n;
  private recordsSinceHeightLine = false;
  private journal: Journal | undefined;

  private constructor() {}

  /** Opens the journal at `path`, streaming it into memory (and compacting it when it has grown). */
  static async open(path: string, options: JournalStoreOptions = {}): Promise<JournalStore> {
    const store = new JournalStore();
    store.journal = await Journal.open(path, {
      onEntry: (raw) => store.load(raw),
      keyOf: entryKey,
      snapshot: () => store.snapshot(),
      files: options.files,
      compactAt: options.compactAt,
      onCompactionError: options.onCompactionError,
    });
    return store;
  }

  get(txHash: string, view: StoreView = "durable"): TxRecord | undefined {
    return (view === "accepted" ? this.underWay.get(txHash) : undefined) ?? this.byHash.get(txHash);
  }

  async put(...records: TxRecord[]): Promise<void> {
    const settle = records.map((record) => this.underWay.begin(record));
    try {
      // A version is indexed (visible) the moment it is durable, before any other code runs.
      await Promise.all(records.map((record) => this.file().append({ k: "tx", v: record }, () => this.index(record))));
      this.recordsSinceHeightLine = true;
    } finally {
      for (const done of settle) done();
    }
  }

  async insert(record: TxRecord): Promise<InsertOutcome> {
    // Checked against the accepted view (writes under way included) and claimed in the same
    // tick: a racing insert of the same hash or nonce sees this one.
    if (this.get(record.txHash, "accepted")) {
      if (!this.get(record.txHash)) await this.sync(); // the first write of it is still under way
      const existing = this.get(record.txHash);
      if (existing) return { kind: "exists", record: existing };
    }
    const rival = isPending(record) ? this.pending(undefined, undefined, "accepted").find((r) => r.from === record.from && r.nonce === record.nonce && r.txHash !== record.txHash) : undefined;
    if (rival) return { kind: "nonce_taken", rival };
    await this.put(record);
    return { kind: "created", record };
  }

  async update(txHash: string, change: (current: TxRecord) => TxRecord | undefined): Promise<TxRecord | undefined> {
    const current = this.get(txHash, "accepted");
    const next = current && change(current);
    if (!next) return undefined;
    await this.put(next);
    return next;
  }

  sync(): Promise<void> {
    return this.file().sync();
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

  pending(sender?: string, status?: PendingStatus, view: StoreView = "durable"): readonly TxRecord[] {
    const durable = [...this.open.values()];
    const records = view === "accepted" ? this.underWay.overlayPending(durable) : durable;
    return records.filter((r) => (sender === undefined || r.from === sender) && (status === undefined || r.status === status));
  }

  dueSenders(now: number, skip: ReadonlySet<string>): readonly string[] {
    const senders = new Set<string>();
    for (const r of this.open.values()) if (r.status === "queued" && !skip.has(r.txHash) && Date.parse(r.holdUntil ?? r.createdAt) <= now) senders.add(r.from);
    return [...senders];
  }

  followedHeight(): bigint {
    return this.height;
  }

  /**
   * Kept in memory at once. A line is written only when records changed since the last one, or
   * after HEIGHT_LINE_EVERY blocks, or on the first height: a crash then re-reads at most those
   * blocks, whose transfers are recorded again idempotently. An idle chain adds nothing per block.
   */
  async setFollowedHeight(height: bigint): Promise<void> {
    this.height = height;
    if (this.writtenHeight !== 0n && !this.recordsSinceHeightLine && height - this.writtenHeight < HEIGHT_LINE_EVERY) return;
    await this.writeHeight(height);
  }

  /** Bytes in the journal file and bytes of its live records (what a compaction leaves). */
  journalStats(): { fileBytes: number; liveBytes: number } {
    return this.file().stats();
  }

  /** Compacts the journal now; resolves once the new file is in place. */
  compact(): Promise<void> {
    return this.file().compact();
  }

  async close(): Promise<void> {
    // The followed height is written on a clean stop, so a restart does not re-read those blocks.
    if (this.height !== this.writtenHeight) await this.writeHeight(this.height).catch(() => {});
    await this.file().close();
  }

  private file(): Journal {
    if (!this.journal) throw new Error("the journal store is not open");
    return this.journal;
  }

  private async writeHeight(height: bigint): Promise<void> {
    const changed = this.recordsSinceHeightLine;
    this.recordsSinceHeightLine = false;
    try {
      await this.file().append({ k: "height", v: height.toString() }, () => {
        if (height > this.writtenHeight) this.writtenHeight = height;
      });
    } catch (err) {
      this.recordsSinceHeightLine ||= changed;
      throw err;
    }
  }

  private load(raw: unknown): void {
    const entry = EntrySchema.safeParse(raw);
    if (!entry.success) return; // an entry from a future version or damaged: skipped, never fatal (compaction drops it)
    if (entry.data.k === "tx") this.index(entry.data.v);
    else this.height = this.writtenHeight = BigInt(entry.data.v);
  }

  /** Every durable record, oldest first (so a reload appends to the index), and the followed height. */
  private snapshot(): unknown[] {
    const entries: unknown[] = this.ordered.map((v) => ({ k: "tx", v }));
    // The height in memory is safe to persist: the records of every block up to it are durable.
    entries.push({ k: "height", v: this.height.toString() });
    return entries;
  }

  private index(record: TxRecord): void {
    const previous = this.byHash.get(record.txHash);
    this.byHash.set(record.txHash, record);
    if (isPending(record)) this.open.set(record.txHash, record);
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

/** Journal lines with the same key supersede each other: a record's versions, and the followed height. */
function entryKey(raw: unknown): string | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { k, v } = raw as { k?: unknown; v?: unknown };
  if (k === "height") return "height";
  const hash = typeof v === "object" && v !== null ? (v as { txHash?: unknown }).txHash : undefined;
  return k === "tx" && typeof hash === "string" ? `tx:${hash}` : undefined;
}
