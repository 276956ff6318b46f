import { closeSync, openSync, readSync, statSync } from "node:fs";

/** The last `count` lines of a file (reading at most its last 64 KiB), or "" if it is missing. */
export function tailLines(path: string, count: number): string {
  if (count <= 0) return ""; // slice(-0) would return every line
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return "";
  }
  try {
    const size = statSync(path).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString("utf8").split("\n");
    if (lines.at(-1) === "") lines.pop();
    return lines.slice(-count).join("\n");
  } finally {
    closeSync(fd);
  }
}
