import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { z } from "zod";
import { DevnetError } from "./errors.js";

const PidFileSchema = z.object({ pid: z.number().int().positive(), marker: z.string(), startedAt: z.string() });

export interface StartSpec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly pidFile: string;
  readonly logFile: string;
  /** A string in the command line that proves a pid still belongs to this process. */
  readonly marker: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

/** Starts a detached process writing to its log file, and records its pid. */
export function startDetached(spec: StartSpec): number {
  const log = openSync(spec.logFile, "a");
  try {
    const child = spawn(spec.command, [...spec.args], {
      detached: true,
      stdio: ["ignore", log, log],
      env: spec.env ?? process.env,
      cwd: spec.cwd,
    });
    if (child.pid === undefined) throw new DevnetError(`could not start ${spec.name}`);
    child.unref();
    writeFileSync(spec.pidFile, JSON.stringify({ pid: child.pid, marker: spec.marker, startedAt: new Date().toISOString() }));
    return child.pid;
  } finally {
    closeSync(log);
  }
}

/** The pid recorded in a pid file, if that process is still alive and is still ours. */
export function runningPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const parsed = PidFileSchema.safeParse(safeJson(readFileSync(pidFile, "utf8")));
  if (!parsed.success) return undefined;
  const { pid, marker } = parsed.data;
  return isAlive(pid) && commandLine(pid).includes(marker) ? pid : undefined;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Stops the process of a pid file (SIGTERM, then SIGKILL after `graceMs`) and removes the file. */
export async function stopByPidFile(pidFile: string, graceMs = 10_000): Promise<boolean> {
  const pid = runningPid(pidFile);
  rmSync(pidFile, { force: true });
  if (pid === undefined) return false;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) {
    process.kill(pid, "SIGKILL");
    const killDeadline = Date.now() + 5_000;
    while (isAlive(pid) && Date.now() < killDeadline) await sleep(50);
  }
  return true;
}

const EPHEMERAL_RANGE_FILE = "/proc/sys/net/ipv4/ip_local_port_range";

/**
 * The range the kernel takes outgoing connections' local ports from (Linux; undefined where it
 * does not say, or says something unreadable). A listener there can find its port held for a
 * moment by any connection of any process.
 */
export function ephemeralPortRange(read: () => string = () => readFileSync(EPHEMERAL_RANGE_FILE, "utf8")): readonly [number, number] | undefined {
  let text: string;
  try {
    text = read();
  } catch {
    return undefined;
  }
  const m = /^\s*(\d{1,5})\s+(\d{1,5})\s*$/.exec(text);
  if (!m) return undefined;
  const [low, high] = [Number(m[1]), Number(m[2])];
  return low >= 1 && low <= high && high <= 65_535 ? [low, high] : undefined;
}

/** Resolves to the first of `ports` already taken on 127.0.0.1, or undefined. */
export async function firstBusyPort(ports: readonly number[]): Promise<number | undefined> {
  for (const port of ports) {
    const free = await new Promise<boolean>((resolvePromise) => {
      const server = createServer();
      server.once("error", () => resolvePromise(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolvePromise(true)));
    });
    if (!free) return port;
  }
  return undefined;
}

function commandLine(pid: number): string {
  const procPath = `/proc/${pid}/cmdline`;
  if (existsSync(procPath)) return readFileSync(procPath, "utf8").replaceAll("\0", " ");
  const ps = spawnSync("ps", ["-p", String(pid), "-o", "command="], { encoding: "utf8" });
  return ps.stdout ?? "";
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
