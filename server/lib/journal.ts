import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { StorageError } from "./errors.js";

interface Pending {
  readonly line: string;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/**
 * An append-only JSON-lines file. `append` resolves once the line is fsync'd; appends that
 * arrive while a sync runs share the next one (group commit), so throughput does not pay one
 * fsync per request.
 */
export class Journal {
  private pending: Pending[] = [];
  private flushing: Promise<void> | undefined;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
  ) {}

  /**
   * Reads every entry, then rewrites the file with `compact(entries)` (tmp file, fsync, rename,
   * fsync of the folder) and opens it for appending. A torn last line, left by a crash in the
   * middle of a write, was never acknowledged and is dropped; a bad line anywhere else is refused.
   */
  static async open(path: string, compact: (entries: unknown[]) => unknown[]): Promise<{ journal: Journal; entries: unknown[] }> {
    const entries = existsSync(path) ? readEntries(path) : [];
    const compacted = compact(entries);
    const tmp = `${path}.tmp`;
    const fd = openSync(tmp, "w");
    try {
      const text = compacted.map((e) => `${JSON.stringify(e)}\n`).join("");
      if (text.length > 0) writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
    syncFolder(dirname(path));
    const handle = await open(path, "a");
    return { journal: new Journal(handle, path), entries: compacted };
  }

  /** Appends one entry; resolves when it is on disk. */
  append(entry: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Resolves when everything appended so far is on disk. */
  async sync(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    await this.sync();
    await this.handle.close();
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.handle.write(batch.map((p) => p.line).join(""));
        await this.handle.datasync();
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.flushing = undefined;
  }
}

function readEntries(path: string): unknown[] {
  const lines = readFileSync(path, "utf8").split("\n");
  const entries: unknown[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.length === 0) continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      const isLast = lines.slice(index + 1).every((l) => l.length === 0);
      if (isLast) break; // torn tail: the write that made it was never acknowledged
      throw new StorageError(`line ${index + 1} of the journal is not valid JSON; refusing to start on a damaged journal`, path);
    }
  }
  return entries;
}

function syncFolder(folder: string): void {
  // The rename is durable only once the folder entry is; Windows cannot open folders, so skip there.
  if (process.platform === "win32") return;
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
