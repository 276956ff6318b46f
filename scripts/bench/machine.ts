import { execFileSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";

/** "2 × AMD EPYC …, 24 GiB, Node v20…": what the figures were measured on. */
export function machineFacts(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

/** The one-minute load average: the machine may be shared, and figures move with it. */
export const load1 = (): number => loadavg()[0]!;

/**
 * The commit the working tree is at, and whether it has uncommitted changes ("+changes") other
 * than the bench's own output files.
 */
export function currentCommit(): { sha: string; dirty: boolean } {
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/benchmarks.md", ":!docs/bench-history.json"], { encoding: "utf8" }).trim() !== "";
  return { sha, dirty };
}
