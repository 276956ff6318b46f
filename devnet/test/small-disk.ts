import { execFileSync } from "node:child_process";
import { mkdtempSync, rmdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";

/**
 * A small tmpfs a test mounts, so that "the disk is full" is the kernel's answer and not a
 * simulation. Mounting needs root: CI runs as root and must run these tests (`CI=true` makes a
 * failed mount an error); elsewhere the tests are skipped, and say why.
 */
export interface SmallDisk {
  readonly dir: string;
  /** Bytes a file may still take. */
  free(): number;
  /** Takes all the space but `leave` bytes (whole blocks) with a filler file. */
  fill(leave?: number): void;
  /** Gives the filler's space back. */
  unfill(): void;
  unmount(): void;
}

const FILLER = ".filler";

/** Mounts a tmpfs of `bytes`, or returns why it cannot; in CI it throws instead of skipping. */
export function mountSmallDisk(bytes = 1 << 20): SmallDisk | { readonly skip: string } {
  const reason = cannotMount(bytes);
  if (reason === undefined) return mounted(bytes);
  if (process.env.CI === "true") throw new Error(`the full-disk tests must run in CI, but ${reason}`);
  return { skip: reason };
}

/**
 * A small disk for one test file: mounted now, its filler removed after each test (a failed test
 * leaves the space for the next one) and unmounted at the end. `skip` says why it could not be
 * mounted outside CI; `disk()` is the mounted disk inside tests that do not skip.
 */
export function useSmallDisk(bytes = 1 << 20): { readonly skip: string | undefined; readonly disk: () => SmallDisk } {
  const mountedDisk = mountSmallDisk(bytes);
  const skip = "skip" in mountedDisk ? mountedDisk.skip : undefined;
  if (skip) console.warn(`full-disk tests skipped: ${skip}`);
  afterEach(() => {
    if (!("skip" in mountedDisk)) mountedDisk.unfill();
  });
  afterAll(() => {
    if (!("skip" in mountedDisk)) mountedDisk.unmount();
  });
  return {
    skip,
    disk: () => {
      if ("skip" in mountedDisk) throw new Error(`no small disk: ${mountedDisk.skip}`);
      return mountedDisk;
    },
  };
}

function cannotMount(bytes: number): string | undefined {
  if (process.platform !== "linux") return `mounting a tmpfs needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return `mounting a tmpfs needs root (this runs as uid ${process.getuid?.()})`;
  const probe = mkdtempSync(join(tmpdir(), "cometdesk-disk-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes},mode=0700`, "tmpfs", probe], { stdio: "pipe" });
    execFileSync("umount", [probe], { stdio: "pipe" });
    return undefined;
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return `mount -t tmpfs failed: ${stderr || (err as Error).message}`;
  } finally {
    rmdirSync(probe);
  }
}

function mounted(bytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-small-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes},mode=0700`, "tmpfs", dir], { stdio: "pipe" });
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  const unfill = () => rmSync(join(dir, FILLER), { force: true });
  return {
    dir,
    free,
    fill(leave = 0) {
      unfill();
      const take = free() - leave;
      if (take > 0) writeFileSync(join(dir, FILLER), Buffer.alloc(take));
      if (free() > leave) throw new Error(`could not fill the small disk: ${free()} bytes stay free, ${leave} asked`);
    },
    unfill,
    unmount() {
      try {
        execFileSync("umount", [dir], { stdio: "pipe" });
      } catch {
        // Busy: a failed test left a file open on it. Detach it anyway, so no mount outlives the run.
        execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      }
      rmdirSync(dir);
    },
  };
}
