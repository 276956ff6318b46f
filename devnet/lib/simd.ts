import { execFile } from "node:child_process";
import { DevnetError } from "./errors.js";
import type { Layout } from "./layout.js";

/** Runs one simd command to completion; a failure carries simd's own output. */
export function runSimd(layout: Layout, args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = execFile(layout.simd, args, { encoding: "utf8", maxBuffer: 16 << 20, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) {
        reject(new DevnetError(`simd ${args.slice(0, 2).join(" ")} failed`, undefined, `${stderr}${stdout}`.trim().slice(-4000)));
        return;
      }
      resolvePromise(stdout + stderr);
    });
    child.stdin?.end(input ?? "");
  });
}
