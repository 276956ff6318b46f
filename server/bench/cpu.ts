import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times. */
const TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

function stat(pid: number): { ppid: number; seconds: number } | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return undefined; // the process is gone
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** Every live process, with its parent, CPU seconds so far (user + system) and command line (Linux /proc). */
export function processes(): { pid: number; ppid: number; seconds: number; cmdline: string }[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      const pid = Number(name);
      const s = stat(pid);
      return s ? [{ pid, ...s, cmdline: cmdline(pid) }] : [];
    });
}

/** A named group of processes whose CPU time is counted together (a replica, the database's server and backends, the node). */
export interface CpuGroup {
  readonly name: string;
  readonly member: (p: { pid: number; ppid: number; cmdline: string }) => boolean;
}

/** CPU seconds used so far by each live process of each group, by pid. */
export type CpuSnapshot = Map<string, Map<number, number>>;

export function cpuSnapshot(groups: readonly CpuGroup[]): CpuSnapshot {
  const all = processes();
  return new Map(groups.map((g) => [g.name, new Map(all.filter(g.member).map((p) => [p.pid, p.seconds]))]));
}

/**
 * CPU seconds each group used between two snapshots: a process alive at the end counts what it
 * used since the first (all of it when it started in between). A process that exited in between
 * counts nothing: its last seconds are unknowable, so the figure is a lower bound.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  return new Map(
    [...after].map(([name, pids]) => {
      const earlier = before.get(name) ?? new Map<number, number>();
      let seconds = 0;
      for (const [pid, now] of pids) seconds += Math.max(0, now - (earlier.get(pid) ?? 0));
      return [name, seconds];
    }),
  );
}
