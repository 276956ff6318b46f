import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { AppError } from "../shared/app-error.js";

/**
 * The synchronous file calls a stored file's write makes: node:fs, or in tests a layer that
 * returns short counts or records the order of calls. A short count is what a full disk returns first.
 */
export interface FileCalls {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
}
export const nodeFileCalls: FileCalls = { openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync };

/** A stored file could not be written whole; the version on disk before the write is kept. */
export class StorageWriteError extends AppError {
  constructor(file: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const full = code === "ENOSPC" || code === "EDQUOT" || cause instanceof ShortWrite;
    const why = full ? "the disk is full" : `the disk refused the write (${typeof code === "string" ? code : "I/O error"})`;
    super(full ? "disk_full" : "storage_write_failed", `could not save ${file}: ${why}; the previous version is kept, and nothing was changed`);
  }
}

class ShortWrite extends Error {}

/**
 * Writes a file so a crash or a full disk leaves either the old or the new contents, never half
 * of either: write every byte to a temporary file beside it (a short count is followed up; a
 * write that takes nothing is a full disk), fsync, rename over, fsync the folder. On failure the
 * temporary file is removed and a StorageWriteError thrown, with the old file untouched.
 */
export function writeFileAtomic(path: string, contents: string, mode = 0o600, files: FileCalls = nodeFileCalls): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | undefined;
  try {
    fd = files.openSync(tmp, "w", mode);
    const data = Buffer.from(contents, "utf8");
    for (let done = 0; done < data.length; ) {
      const n = files.writeSync(fd, data, done, data.length - done);
      if (n <= 0) throw new ShortWrite(`the disk took ${done} of ${data.length} bytes`);
      done += n;
    }
    files.fsyncSync(fd);
    files.closeSync(fd);
    fd = undefined;
    files.renameSync(tmp, path);
  } catch (error) {
    if (fd !== undefined) attempt(() => files.closeSync(fd!));
    attempt(() => files.unlinkSync(tmp));
    throw new StorageWriteError(basename(path), error);
  }
  if (process.platform === "win32") return; // Windows cannot open a folder for fsync; its rename is atomic as it is
  attempt(() => {
    const dirFd = files.openSync(dir, "r");
    try {
      files.fsyncSync(dirFd);
    } finally {
      files.closeSync(dirFd);
    }
  });
}

function attempt(work: () => void): void {
  try {
    work();
  } catch {
    // cleanup or the folder's fsync: the file itself is already decided
  }
}

export type StoredRead<T> =
  | { readonly status: "missing" }
  | { readonly status: "ok"; readonly value: T }
  /** The file did not parse; it was renamed to `keptAs` so nothing is lost, and a fresh one starts. */
  | { readonly status: "corrupt"; readonly keptAs: string; readonly reason: string };

/** Reads a JSON file through a schema; an unreadable one is kept aside and reported, never silently reset. */
export function readJsonFile<S extends z.ZodType>(path: string, schema: S): StoredRead<z.output<S>> {
  if (!existsSync(path)) return { status: "missing" };
  let reason: string;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    if (parsed.success) return { status: "ok", value: parsed.data };
    reason = `unexpected contents at ${parsed.error.issues[0]?.path.join(".") || "top level"}`;
  } catch (error) {
    reason = error instanceof SyntaxError ? "not valid JSON" : "unreadable";
  }
  const keptAs = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(path, keptAs);
  return { status: "corrupt", keptAs, reason };
}
