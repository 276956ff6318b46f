import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { DevnetError } from "./errors.js";
import type { Layout } from "./layout.js";
import type { Progress } from "./progress.js";
import { tailLines } from "./tail.js";
import { moduleVersions } from "./variants.js";

/**
 * Ensures `.devnet/bin/<variant>/simd` exists and matches its chain module's sources; builds it if
 * not. Two processes building the same variant at once each write their own temporary file and
 * rename it into place, so neither sees half a binary.
 */
export async function ensureSimd(layout: Layout, progress: Progress): Promise<void> {
  const goVersion = checkGo();
  const args = buildArgs(layout.chainModuleDir);
  const stampPath = `${layout.simd}.stamp`;
  const stamp = sourceStamp(layout.chainModuleDir, [goVersion, ...args]);
  if (existsSync(layout.simd) && existsSync(stampPath) && readFileSync(stampPath, "utf8") === stamp) {
    return;
  }
  mkdirSync(layout.binDir, { recursive: true });
  const logPath = join(layout.binDir, "build.log");
  const name = `simd of ${layout.variant.name}`;
  progress.step(`Building the ${name} with ${goVersion} (a cold build takes several minutes; log: ${relative(process.cwd(), logPath)})`);
  const total = countPackages(layout.chainModuleDir);
  const tmp = `${layout.simd}.tmp-${process.pid}`;
  await runBuild(layout.chainModuleDir, [...args, "-o", tmp, "./cmd/simd"], logPath, total, progress);
  renameSync(tmp, layout.simd);
  writeFileSync(stampPath, stamp);
  progress.done(`${name} built`);
}

/**
 * `go build` flags: the SDK version the module is built on goes into the SDK's version package,
 * which baseapp reports as `abci_info`'s `version` (empty without it). Written without the
 * leading "v", as the SDK's own Makefile does.
 */
export function buildArgs(moduleDir: string): string[] {
  const { sdk } = moduleVersions(moduleDir);
  const pkg = "github.com/cosmos/cosmos-sdk/version";
  return ["build", "-v", "-ldflags", `-X ${pkg}.Name=simd -X ${pkg}.AppName=simd -X ${pkg}.Version=${sdk}`];
}

function checkGo(): string {
  const result = spawnSync("go", ["version"], { encoding: "utf8" });
  if (result.error) {
    throw new DevnetError(
      "Go is not installed or not on PATH",
      "Install Go (any recent version; the devnet's go.mod pins what it needs) from https://go.dev/dl and try again.",
    );
  }
  return result.stdout.trim().replace(/^go version /, "");
}

/** A hash of everything that affects the binary (sources, Go version, build flags), so edits trigger a rebuild. */
function sourceStamp(moduleDir: string, recipe: readonly string[]): string {
  const hash = createHash("sha256").update(recipe.join("\0"));
  for (const file of listSources(moduleDir)) {
    hash.update(relative(moduleDir, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (name === "go.mod" || name === "go.sum" || name.endsWith(".go")) out.push(path);
  }
  return out;
}

function countPackages(moduleDir: string): number | undefined {
  const result = spawnSync("go", ["list", "-deps", "./cmd/simd"], { cwd: moduleDir, encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.status !== 0) return undefined;
  return result.stdout.split("\n").filter(Boolean).length;
}

function runBuild(moduleDir: string, args: readonly string[], logPath: string, total: number | undefined, progress: Progress): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const log = createWriteStream(logPath);
    const started = Date.now();
    let compiled = 0;
    // -v names each package as it is compiled: that is the progress we show.
    const child = spawn("go", [...args], { cwd: moduleDir, stdio: ["ignore", "pipe", "pipe"] });
    const onData = (chunk: Buffer): void => {
      log.write(chunk);
      compiled += chunk.toString("utf8").split("\n").filter((l) => l && !l.startsWith("#") && !l.includes(" ")).length;
      const seconds = Math.round((Date.now() - started) / 1000);
      progress.update(`compiling: ${compiled}${total ? `/${total}` : ""} packages, ${seconds}s`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (err) => reject(new DevnetError(`could not run go build: ${err.message}`)));
    child.on("close", (code) => {
      log.end(() => {
        if (code === 0) return resolvePromise();
        reject(
          new DevnetError(
            `building simd failed (go build exited with ${code})`,
            `The full log is ${logPath}.`,
            tailLines(logPath, 25),
          ),
        );
      });
    });
  });
}
