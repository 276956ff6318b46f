import { createReadStream, existsSync } from "node:fs";
import { dirname } from "node:path";
import { type AsyncFiles, nodeAsyncFiles, syncFolder, type WritableFile, writeFailure, writeFully } from "./durable-file.js";
import { StorageError } from "./errors.js";

interface Pending {
  readonly line: string;
  readonly bytes: number;
  readonly key: string | undefined;
  readonly onDurable: (() => void) | undefined;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** When a running journal rewrites itself: past `ratio` times its live size, and past `minBytes`. */
export interface CompactionThreshold {
  readonly ratio: number;
  readonly minBytes: number;
}
export const DEFAULT_COMPACTION: CompactionThreshold = { ratio: 1.25, minBytes: 1 << 20 };
/** While a compaction is under way, appends wait for it rather than take the file past this many times its live size (or `minBytes`). */
const MAX_RATIO = 2;

function batchBytes(batch: readonly Pending[]): number {
  let n = 0;
  for (const p of batch) n += p.bytes;
  return n;
}

export interface JournalOptions {
  /** Each entry read at start, in file order. */
  readonly onEntry: (entry: unknown) => void;
  /** Entries with the same key supersede each other; undefined for one that compaction drops. */
  readonly keyOf: (entry: unknown) => string | undefined;
  /**
   * Every live entry, taken synchronously when a compaction starts. It must already reflect every
   * append whose `onDurable` has run; records are immutable, so references suffice.
   */
  readonly snapshot: () => readonly unknown[];
  readonly files?: AsyncFiles;
  readonly compactAt?: CompactionThreshold;
  /** A compaction failed (a full disk, …): the old file stays in use and is tried again later. */
  readonly onCompactionError?: (err: StorageError) => void;
}

interface Compaction {
  readonly tmp: string;
  file: WritableFile | undefined;
  bytes: number;
  /** Lines made durable in the old file after the snapshot was taken, to be copied after it. */
  readonly tail: Buffer[];
  ready: boolean;
  /** Settles once the snapshot is written (or failed): appends that would pass the bound wait for it. */
  snapshotDone?: Promise<void>;
  readonly finished: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (err: StorageError) => void;
}

interface Loaded {
  readonly existed: boolean;
  readonly goodBytes: number;
  readonly fileBytes: number;
  readonly keyBytes: Map<string, number>;
  readonly liveBytes: number;
}

const RETRY_COMPACTION_MS = 60_000;
const SNAPSHOT_CHUNK = 2_000;
const READ_CHUNK = 1 << 20;

/**
 * An append-only JSON-lines file. `append` resolves once the line is written whole and
 * fdatasync'd; appends that arrive while a sync runs share the next one (group commit). A write
 * that fails or stops short is cut back off the file, so what follows it still reads back.
 *
 * The file is kept proportional to its live entries: once it passes the compaction threshold,
 * a snapshot of the live entries is written to a temporary file beside it while appends go on,
 * then the lines appended meanwhile are copied after it, and it is fsynced and renamed over the
 * journal. Only that last step holds the appends back, for one fsync and a rename.
 */
export class Journal {
  private pending: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private lastAppend: Promise<void> | undefined;
  private compaction: Compaction | undefined;
  private retryCompactionAt = 0;
  private broken: StorageError | undefined;
  private closed = false;
  private size: number;
  private liveBytes: number;
  private readonly keyBytes: Map<string, number>;

  private constructor(
    private handle: WritableFile,
    readonly path: string,
    private readonly options: JournalOptions,
    private readonly files: AsyncFiles,
    loaded: Loaded,
  ) {
    this.size = loaded.goodBytes;
    this.liveBytes = loaded.liveBytes;
    this.keyBytes = loaded.keyBytes;
  }

  /**
   * Streams every entry to `onEntry`, then opens the file for appending. A torn tail (a line
   * without its newline, or damaged lines after the last good one), left by a crash in the middle
   * of a write, was never acknowledged and is cut off; a damaged line before a good one is refused.
   * A file past the compaction threshold starts compacting as this resolves.
   */
  static async open(path: string, options: JournalOptions): Promise<Journal> {
    const files = options.files ?? nodeAsyncFiles;
    const loaded = existsSync(path) ? await readJournal(path, options) : { existed: false, goodBytes: 0, fileBytes: 0, keyBytes: new Map<string, number>(), liveBytes: 0 };
    const handle = await files.open(path, "a", 0o600);
    try {
      if (loaded.fileBytes > loaded.goodBytes) {
        // Cut the torn tail off first: the next line would otherwise be glued to it.
        await handle.truncate(loaded.goodBytes);
        await handle.datasync();
      }
      if (!loaded.existed) await syncFolder(dirname(path), files); // the new file's folder entry is durable too
    } catch (err) {
      await handle.close().catch(() => {});
      throw writeFailure(err, "prepare", path);
    }
    const journal = new Journal(handle, path, options, files, loaded);
    // In the background, like any compaction: start-up does not wait for the rewrite, and appends
    // go on meanwhile. A failure is reported through onCompactionError; the old file is whole.
    if (journal.overThreshold()) void journal.compact().catch(() => {});
    return journal;
  }

  /** Appends one entry; resolves when it is on disk, after `onDurable` has run. */
  append(entry: unknown, onDurable?: () => void): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    const promise = new Promise<void>((resolve, reject) => {
      this.pending.push({ line, bytes: Buffer.byteLength(line), key: this.options.keyOf(entry), onDurable, resolve, reject });
    });
    this.lastAppend = promise;
    this.kick();
    return promise;
  }

  /** Resolves when everything appended so far has been written (or has failed). */
  async sync(): Promise<void> {
    await this.lastAppend?.catch(() => {});
  }

  /** Bytes in the file, and bytes its live entries take (the size right after a compaction). */
  stats(): { fileBytes: number; liveBytes: number } {
    return { fileBytes: this.size, liveBytes: this.liveBytes };
  }

  /** Compacts now (or joins the compaction under way); resolves once the new file is in place. */
  compact(): Promise<void> {
    if (this.closed) return Promise.reject(new StorageError("the journal is closed", this.path));
    return (this.compaction ?? this.beginCompaction()).finished;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.sync();
    await this.compaction?.finished.catch(() => {});
    while (this.flushing) await this.flushing;
    this.closed = true;
    await this.handle.close();
  }

  private kick(): void {
    this.flushing ??= this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    await Promise.resolve(); // `flushing` is set before this can end; appends of this tick join the batch
    for (;;) {
      if (this.compaction?.ready) await this.finishCompaction(this.compaction);
      const batch = this.pending;
      if (batch.length === 0) {
        this.flushing = undefined;
        return;
      }
      // Backpressure, only while a snapshot is still being written and only when this batch would
      // take the file past twice its live size: it waits for the snapshot, then the compaction
      // finishes first (above), so appends that outrun a slow disk cannot grow the old file
      // without bound. (One batch bigger than the bound on its own still goes in whole.)
      const c = this.compaction;
      if (c && !c.ready && c.snapshotDone && this.size + batchBytes(batch) > MAX_RATIO * Math.max(this.liveBytes, this.minBytes())) {
        await c.snapshotDone;
        continue;
      }
      this.pending = [];
      await this.writeBatch(batch);
      this.maybeCompact();
    }
  }

  private async writeBatch(batch: readonly Pending[]): Promise<void> {
    const data = Buffer.from(batch.map((p) => p.line).join(""), "utf8");
    try {
      if (this.closed) throw new StorageError("the journal is closed", this.path, "EBADF");
      if (this.broken) throw this.broken;
      await writeFully(this.handle, data);
      await this.handle.datasync();
    } catch (err) {
      const error = writeFailure(err, "append to", this.path);
      if (!this.closed && !this.broken) await this.cutBack(error);
      for (const p of batch) p.reject(error);
      return;
    }
    this.size += data.length;
    this.compaction?.tail.push(data);
    for (const p of batch) {
      this.account(p.key, p.bytes);
      try {
        p.onDurable?.();
      } catch (err) {
        p.reject(err);
      }
    }
    for (const p of batch) p.resolve();
  }

  /** Removes what a failed write left after the last whole line. */
  private async cutBack(cause: StorageError): Promise<void> {
    try {
      await this.handle.truncate(this.size);
    } catch (err) {
      // A piece of a line would stay in the middle of the file, and it would no longer read back.
      const reason = writeFailure(err, "cut back", this.path);
      this.broken = new StorageError(`${cause.message}, and the part written could not be removed (${reason.message}); the journal takes no more writes until the service restarts`, this.path, reason.code);
    }
  }

  private account(key: string | undefined, bytes: number): void {
    if (key === undefined) return;
    this.liveBytes += bytes - (this.keyBytes.get(key) ?? 0);
    this.keyBytes.set(key, bytes);
  }

  private minBytes(): number {
    return (this.options.compactAt ?? DEFAULT_COMPACTION).minBytes;
  }

  private overThreshold(): boolean {
    const { ratio, minBytes } = this.options.compactAt ?? DEFAULT_COMPACTION;
    return this.size > Math.max(ratio * this.liveBytes, minBytes);
  }

  private maybeCompact(): void {
    if (this.compaction || this.broken || this.closed || Date.now() < this.retryCompactionAt || !this.overThreshold()) return;
    this.beginCompaction();
  }

  private beginCompaction(): Compaction {
    // Every append made durable so far is in the snapshot (its onDurable ran before its resolve);
    // every one made durable from now on, including a batch being written, is copied from `tail`.
    const entries = this.options.snapshot();
    let resolve!: () => void;
    let reject!: (err: StorageError) => void;
    const finished = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    finished.catch(() => {}); // a compaction nobody waits for reports through onCompactionError
    const c: Compaction = { tmp: `${this.path}.tmp`, file: undefined, bytes: 0, tail: [], ready: false, finished, resolve, reject };
    this.compaction = c;
    c.snapshotDone = this.writeSnapshot(c, entries).then(
      () => {
        c.ready = true;
        this.kick();
      },
      (err: unknown) => this.abandon(c, err),
    );
    return c;
  }

  private async writeSnapshot(c: Compaction, entries: readonly unknown[]): Promise<void> {
    await this.files.unlink(c.tmp).catch(() => {}); // left by a crash or a failed compaction
    c.file = await this.files.open(c.tmp, "ax", 0o600);
    for (let i = 0; i < entries.length; i += SNAPSHOT_CHUNK) {
      // Chunks keep the event loop free for requests while a large journal is written.
      const data = Buffer.from(entries.slice(i, i + SNAPSHOT_CHUNK).map((e) => `${JSON.stringify(e)}\n`).join(""), "utf8");
      await writeFully(c.file, data);
      c.bytes += data.length;
    }
    await c.file.datasync();
  }

  /** Runs inside the flush loop, so no append is being written while the files are switched. */
  private async finishCompaction(c: Compaction): Promise<void> {
    const file = c.file!;
    try {
      for (const data of c.tail) {
        await writeFully(file, data);
        c.bytes += data.length;
      }
      await file.datasync();
      await this.files.rename(c.tmp, this.path);
    } catch (err) {
      await this.abandon(c, err);
      return;
    }
    const old = this.handle;
    this.handle = file;
    this.size = c.bytes;
    this.compaction = undefined;
    await old.close().catch(() => {});
    try {
      await syncFolder(dirname(this.path), this.files);
    } catch (err) {
      // Until the rename is durable, a power cut could bring the old file back without the lines
      // appended to the new one: nothing more may be acknowledged.
      this.broken = writeFailure(err, "sync the folder of", this.path);
      c.reject(this.broken);
      return;
    }
    c.resolve();
  }

  private async abandon(c: Compaction, err: unknown): Promise<void> {
    if (this.compaction === c) this.compaction = undefined;
    this.retryCompactionAt = Date.now() + RETRY_COMPACTION_MS;
    await c.file?.close().catch(() => {});
    await this.files.unlink(c.tmp).catch(() => {});
    const error = writeFailure(err, "compact", this.path);
    try {
      this.options.onCompactionError?.(error);
    } catch {
      // a reporter that throws must not stop the flush loop, which may be running this
    }
    c.reject(error);
  }
}

/** Streams the file line by line (never the whole file in one string). */
async function readJournal(path: string, options: JournalOptions): Promise<Loaded> {
  const keyBytes = new Map<string, number>();
  let liveBytes = 0;
  let goodBytes = 0;
  let offset = 0; // file offset of `carry`
  let lineNo = 0;
  let bad: number | undefined; // first damaged line, if no good line follows it yet
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK })) {
    const buf = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      lineNo++;
      const text = buf.toString("utf8", start, nl);
      const bytes = nl + 1 - start;
      start = nl + 1;
      if (text.length === 0) {
        if (bad === undefined) goodBytes = offset + start;
        continue;
      }
      let entry: unknown;
      try {
        entry = JSON.parse(text);
      } catch {
        bad ??= lineNo;
        continue;
      }
      if (bad !== undefined) throw new StorageError(`line ${bad} of the journal is not valid JSON; refusing to start on a damaged journal`, path);
      options.onEntry(entry);
      const key = options.keyOf(entry);
      if (key !== undefined) {
        liveBytes += bytes - (keyBytes.get(key) ?? 0);
        keyBytes.set(key, bytes);
      }
      goodBytes = offset + start;
    }
    offset += start;
    carry = Buffer.from(buf.subarray(start)); // a copy: the rest of the chunk can be collected
  }
  return { existed: true, goodBytes, fileBytes: offset + carry.length, keyBytes, liveBytes };
}
