import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";

/**
 * Writes a file so a crash leaves either the old or the new contents, never half of each:
 * write a temporary file beside it, fsync, rename over, fsync the folder.
 */
export function writeFileAtomic(path: string, contents: string, mode = 0o600): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, "w", mode);
  try {
    writeSync(fd, contents);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  try {
    const dirFd = openSync(dir, "r");
    fsyncSync(dirFd);
    closeSync(dirFd);
  } catch {
    // Some platforms (Windows) cannot open a folder for fsync; the rename is still atomic there.
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
