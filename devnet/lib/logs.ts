import { closeSync, openSync, readSync, statSync, watchFile } from "node:fs";
import { tailLines } from "./tail.js";

/** Prints the last `lines` of each log, then (if `follow`) new lines as they come, until interrupted. */
export async function followLogs(logs: ReadonlyArray<{ name: string; path: string }>, lines: number, follow: boolean): Promise<void> {
  const prefix = (name: string, text: string): string =>
    logs.length > 1 ? text.split("\n").map((l) => `${name} | ${l}`).join("\n") : text;
  for (const log of logs) {
    const text = tailLines(log.path, lines);
    if (text) console.log(prefix(log.name, text));
  }
  if (!follow) return;
  for (const log of logs) {
    let offset = sizeOf(log.path);
    watchFile(log.path, { interval: 500 }, () => {
      const size = sizeOf(log.path);
      if (size < offset) offset = 0; // the log was truncated
      if (size === offset) return;
      const fd = openSync(log.path, "r");
      const buffer = Buffer.alloc(size - offset);
      readSync(fd, buffer, 0, buffer.length, offset);
      closeSync(fd);
      offset = size;
      process.stdout.write(`${prefix(log.name, buffer.toString("utf8").replace(/\n$/, ""))}\n`);
    });
  }
  await new Promise<void>((resolvePromise) => process.once("SIGINT", () => resolvePromise()));
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
