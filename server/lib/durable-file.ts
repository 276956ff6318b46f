import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { StorageError } from "./errors.js";

/**
 * The synchronous file calls a durable replace makes: node:fs, or in tests a layer that returns
 * short counts or records the order of calls. A short count is what a full disk returns first.
 */
export interface SyncFiles {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
}

/** An open file the journal writes: the subset of node's FileHandle it uses. */
export interface WritableFile {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/** The asynchronous file calls of the journal, with the same purpose as `SyncFiles`. */
export interface AsyncFiles {
  open(path: string, flags: string, mode?: number): Promise<WritableFile>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

export const nodeSyncFiles: SyncFiles = { openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync };
export const nodeAsyncFiles: AsyncFiles = { open, rename, unlink };

/** A write that stopped short and then took nothing: what a full device does. */
class ShortWriteError extends Error {
  readonly code = "ENOSPC";
  constructor(written: number, total: number) {
    super(`the disk took ${written} of ${total} bytes (it is full)`);
  }
}

/** A write that failed or stopped short, worded for the operator; `code` keeps the system's (ENOSPC, …). */
export function writeFailure(err: unknown, what: string, path: string): StorageError {
  if (err instanceof StorageError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const why =
    err instanceof ShortWriteError ? err.message
    : code === "ENOSPC" ? "the disk is full (ENOSPC)"
    : code === "EDQUOT" ? "the disk quota is used up (EDQUOT)"
    : ((err as Error | undefined)?.message ?? String(err));
  return new StorageError(`could not ${what} ${basename(path)}: ${why}`, path, typeof code === "string" ? code : "EIO");
}

function shortWrite(written: number, total: number): ShortWriteError {
  // write(2) makes no progress without an error only when the device takes nothing more.
  return new ShortWriteError(written, total);
}

/** Writes every byte of `data` or throws: a short count is followed up, a count of zero is a full disk. */
export function writeFullySync(files: SyncFiles, fd: number, data: Uint8Array): void {
  let done = 0;
  while (done < data.length) {
    const n = files.writeSync(fd, data, done, data.length - done);
    if (n <= 0) throw shortWrite(done, data.length);
    done += n;
  }
}

/** The asynchronous twin of `writeFullySync`. */
export async function writeFully(file: WritableFile, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(data, done, data.length - done);
    if (bytesWritten <= 0) throw shortWrite(done, data.length);
    done += bytesWritten;
  }
}

/**
 * Replaces `path` so that a crash or a full disk leaves either the old file or the new one, never
 * part of one: a temporary file beside it, written whole and fsynced, renamed over, then the
 * folder fsynced. On any failure the temporary file is removed and the old file is untouched.
 */
export function replaceFileSync(path: string, contents: string, options: { mode?: number; files?: SyncFiles } = {}): void {
  const files = options.files ?? nodeSyncFiles;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  let fd: number | undefined;
  try {
    fd = files.openSync(tmp, "w", options.mode ?? 0o600);
    writeFullySync(files, fd, Buffer.from(contents, "utf8"));
    files.fsyncSync(fd);
    files.closeSync(fd);
    fd = undefined;
    files.renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) ignore(() => files.closeSync(fd!));
    ignore(() => files.unlinkSync(tmp));
    throw writeFailure(err, "write", path);
  }
  try {
    syncFolderSync(dirname(path), files);
  } catch (err) {
    throw writeFailure(err, "make the rename durable for", path);
  }
}

/** Makes a rename in `folder` durable; Windows cannot open folders, and renames there need no step. */
export function syncFolderSync(folder: string, files: SyncFiles = nodeSyncFiles): void {
  if (process.platform === "win32") return;
  const fd = files.openSync(folder, "r");
  try {
    files.fsyncSync(fd);
  } finally {
    files.closeSync(fd);
  }
}

/** The asynchronous twin of `syncFolderSync`. */
export async function syncFolder(folder: string, files: AsyncFiles = nodeAsyncFiles): Promise<void> {
  if (process.platform === "win32") return;
  const handle = await files.open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function ignore(work: () => void): void {
  try {
    work();
  } catch {
    // cleanup after a failure: the first error is the one reported
  }
}
