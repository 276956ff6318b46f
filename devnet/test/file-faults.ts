import * as fs from "node:fs";
import * as fsp from "node:fs/promises";
import type { AsyncFiles as AsyncFileCalls, SyncFiles as SyncFileCalls, WritableFile as OpenFileCalls } from "../../server/lib/durable-file.js";

/**
 * File layers with faults, for the durability tests of the app's stored files and the access
 * service's journal and tokens. Both take their file calls in node's own shape, so one layer
 * serves both: short write counts, writes that take nothing (a full device), syncs held back, a
 * page cache that a power cut empties, and a log of every call in order.
 */

// The layers take their file calls in the product's own shapes (node's, in part): the app's
// stored files and the service's tokens use the synchronous calls, the journal the others.
export type { SyncFiles as SyncFileCalls, WritableFile as OpenFileCalls, AsyncFiles as AsyncFileCalls } from "../../server/lib/durable-file.js";

export interface Faults {
  /** Every call, in order: "open PATH", "write PATH", "fsync PATH", "datasync PATH", "rename FROM -> TO", … */
  readonly log?: string[];
  /** The most one write call to `path` takes (below the length asked: a short count; 0: nothing). */
  readonly writeCap?: (path: string) => number | undefined;
  /** Awaited before each fsync or fdatasync of the asynchronous layer: a test holds a sync back here. */
  readonly beforeSync?: (path: string) => Promise<void>;
  /** Writes to `path` reach the file only at its next sync, as in a page cache that a power cut empties. */
  readonly volatile?: (path: string) => boolean;
  /** Sees the bytes of every write of the asynchronous layer, before any cap. */
  readonly onWrite?: (path: string, bytes: Uint8Array) => void;
}

/** A budget of `bytes` for all writes together, then writes that take nothing: a disk filling up. */
export function diskBudget(bytes: number): (path: string) => number {
  let left = bytes;
  return () => {
    const now = left;
    left = 0;
    return now;
  };
}

/** Caps every write at `bytes`: short counts that a correct writer follows up. */
export function shortWrites(bytes: number): (path: string) => number {
  return () => bytes;
}

/** The synchronous layer with `faults`. */
export function faultySyncFiles(faults: Faults = {}): SyncFileCalls {
  const paths = new Map<number, string>();
  const note = (op: string, what: string | undefined) => faults.log?.push(`${op} ${what ?? "?"}`);
  return {
    openSync(path, flags, mode) {
      const fd = fs.openSync(path, flags, mode);
      paths.set(fd, path);
      note("open", path);
      return fd;
    },
    writeSync(fd, buffer, offset, length) {
      const path = paths.get(fd) ?? "?";
      note("write", path);
      const cap = faults.writeCap?.(path);
      const n = cap === undefined ? length : Math.min(cap, length);
      return n <= 0 ? 0 : fs.writeSync(fd, buffer, offset, n);
    },
    fsyncSync(fd) {
      note("fsync", paths.get(fd));
      fs.fsyncSync(fd);
    },
    closeSync(fd) {
      note("close", paths.get(fd));
      paths.delete(fd);
      fs.closeSync(fd);
    },
    renameSync(from, to) {
      note("rename", `${from} -> ${to}`);
      fs.renameSync(from, to);
    },
    unlinkSync(path) {
      note("unlink", path);
      fs.unlinkSync(path);
    },
  };
}

/** The asynchronous layer with `faults`. */
export function faultyAsyncFiles(faults: Faults = {}): AsyncFileCalls {
  const note = (op: string, what: string) => faults.log?.push(`${op} ${what}`);
  const wrap = (handle: fsp.FileHandle, path: string): OpenFileCalls => {
    const volatile = faults.volatile?.(path) ?? false;
    let held: Buffer[] = [];
    const reachDisk = async () => {
      for (const chunk of held.splice(0)) for (let done = 0; done < chunk.length; ) done += (await handle.write(chunk, done, chunk.length - done)).bytesWritten;
    };
    return {
      async write(buffer, offset, length) {
        note("write", path);
        faults.onWrite?.(path, buffer.subarray(offset, offset + length));
        const cap = faults.writeCap?.(path);
        const n = cap === undefined ? length : Math.min(cap, length);
        if (n <= 0) return { bytesWritten: 0 };
        if (!volatile) return handle.write(buffer, offset, n);
        held.push(Buffer.from(buffer.subarray(offset, offset + n)));
        return { bytesWritten: n };
      },
      async datasync() {
        note("datasync", path);
        await faults.beforeSync?.(path);
        await reachDisk();
        await handle.datasync();
      },
      async sync() {
        note("fsync", path);
        await faults.beforeSync?.(path);
        await reachDisk();
        await handle.sync();
      },
      async truncate(length) {
        note("truncate", path);
        held = [];
        await handle.truncate(length);
      },
      async close() {
        note("close", path);
        held = []; // never synced: lost, as by a power cut
        await handle.close();
      },
    };
  };
  return {
    async open(path, flags, mode) {
      const handle = await fsp.open(path, flags, mode);
      note("open", path);
      return wrap(handle, path);
    },
    async rename(from, to) {
      note("rename", `${from} -> ${to}`);
      await fsp.rename(from, to);
    },
    async unlink(path) {
      note("unlink", path);
      await fsp.unlink(path);
    },
  };
}

/** A gate a test opens (or fails) later; `reached` resolves once something waits at it. */
export function gate(): { wait: () => Promise<void>; reached: Promise<void>; open: () => void; fail: (err: Error) => void } {
  let open!: () => void;
  let fail!: (err: Error) => void;
  let arrived!: () => void;
  const reached = new Promise<void>((r) => (arrived = r));
  const opened = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  opened.catch(() => {});
  return {
    wait: () => {
      arrived();
      return opened;
    },
    reached,
    open,
    fail,
  };
}
