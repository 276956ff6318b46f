// @ts-check
/**
 * A supported Node for the project's own commands (`.ci/run`, `npm start`, `npm test`), on a
 * machine whose Node is older than the floor in toolchain.json. Plain JavaScript with no
 * dependency, so the Node that is there (18 or later) can run it before `npm ci`.
 *
 * When the running Node is at or above the floor, nothing happens. Otherwise the newest Node of
 * toolchain.json's LTS line is fetched from the npm registry, where `node-<os>-<arch>` packages
 * ship the official binary: npm resolves and downloads it (checking the registry's integrity
 * hash, as for any package), this script checks that sha512 again itself, unpacks it into
 * `.toolchain/` (git-ignored) and answers its `bin` folder, to put first on PATH. A fetched Node
 * is reused until `.toolchain/` is deleted. Every step has a deadline and fails with a sentence.
 *
 *   node scripts/toolchain/node-toolchain.mjs   prints the bin folder, or nothing
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * @typedef {{ node: { floor: string, line: string },
 *   electron: { oldestSupportedMajor: number, checked: string, releaseEveryDays: number, source: string } }} Toolchain
 */

/** @returns {Toolchain} the project's toolchain floors, from toolchain.json (the one place they are stated) */
export function readToolchain(root = REPO_ROOT) {
  const parsed = JSON.parse(readFileSync(join(root, "toolchain.json"), "utf8"));
  const ok = typeof parsed?.node?.floor === "string" && /^\d+\.\d+\.\d+$/.test(parsed.node.floor) && typeof parsed?.node?.line === "string" && /^\d+$/.test(parsed.node.line)
    && Number.isInteger(parsed?.electron?.oldestSupportedMajor) && /^\d{4}-\d{2}-\d{2}$/.test(parsed?.electron?.checked ?? "") && Number.isInteger(parsed?.electron?.releaseEveryDays);
  if (!ok) throw new ToolchainError("toolchain.json does not have the expected shape (node.floor, node.line, electron.oldestSupportedMajor, electron.checked, electron.releaseEveryDays)");
  return parsed;
}

export class ToolchainError extends Error {}

/** @param {string} version @returns {number[]} */
const parts = (version) => version.replace(/^v/, "").split(/[.-]/).slice(0, 3).map(Number);

/** @param {string} version @param {string} floor @returns {boolean} whether `version` (1.2.3, v1.2.3) is at or above `floor` */
export function versionAtLeast(version, floor) {
  const a = parts(version);
  const b = parts(floor);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** @param {string} platform @param {string} arch @returns {string} the npm package that ships Node's binary for this machine */
export function nodePackageName(platform, arch) {
  const os = { linux: "linux", darwin: "darwin" }[platform];
  if (!os || !["x64", "arm64"].includes(arch)) {
    throw new ToolchainError(`no Node package is fetched for ${platform}-${arch}: install Node.js ${readToolchain().node.floor} or later yourself (https://nodejs.org)`);
  }
  return `node-${os}-${arch}`;
}

/** @param {Buffer} bytes @returns {string} the Subresource Integrity string npm keeps for a tarball */
export function sha512Integrity(bytes) {
  return `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
}

/**
 * @param {string[]} args @param {number} timeoutMs @param {string} what
 * @returns {string} npm's stdout; throws a sentence on failure or timeout
 */
function npm(args, timeoutMs, what) {
  const run = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", args, { encoding: "utf8", timeout: timeoutMs, maxBuffer: 16 << 20 });
  if (run.error && /ETIMEDOUT/.test(String(run.error))) throw new ToolchainError(`${what} took longer than ${timeoutMs / 1000} s; is the npm registry reachable?`);
  if (run.status !== 0) {
    const line = `${run.stderr ?? ""}`.split("\n").find((l) => /ERR!|error/i.test(l)) ?? run.error?.message ?? `npm exited with ${run.status}`;
    throw new ToolchainError(`${what} failed: ${line.trim()}`);
  }
  return run.stdout;
}

/** @param {string} dir @returns {string | undefined} the version a Node install's binary reports */
function installedVersion(dir) {
  const node = join(dir, "bin", "node");
  if (!existsSync(node)) return undefined;
  const run = spawnSync(node, ["--version"], { encoding: "utf8", timeout: 20_000 });
  return run.status === 0 ? run.stdout.trim().replace(/^v/, "") : undefined;
}

/**
 * A supported Node's bin folder to put first on PATH, or undefined when the running Node is
 * already at the floor.
 * @param {{ root?: string, say?: (line: string) => void, current?: string, platform?: string, arch?: string }} [options]
 * @returns {string | undefined}
 */
export function ensureNode(options = {}) {
  const root = options.root ?? REPO_ROOT;
  const say = options.say ?? ((line) => process.stderr.write(`${line}\n`));
  const { floor, line } = readToolchain(root).node;
  const current = options.current ?? process.versions.node;
  if (versionAtLeast(current, floor)) return undefined;
  const pkg = nodePackageName(options.platform ?? process.platform, options.arch ?? process.arch);
  const cache = join(root, ".toolchain");
  // One fetched before: reused, with no network, as long as it runs and meets the floor.
  const prefix = `${pkg}-${line}.`;
  const cached = existsSync(cache) ? readdirSync(cache).filter((d) => d.startsWith(prefix)).sort((a, b) => (versionAtLeast(a.slice(pkg.length + 1), b.slice(pkg.length + 1)) ? -1 : 1)) : [];
  for (const dir of cached) {
    const version = installedVersion(join(cache, dir));
    if (version && versionAtLeast(version, floor)) return join(cache, dir, "bin");
  }

  say(`• Node ${current} is older than the project's floor (${floor}): fetching Node ${line} (LTS) from the npm registry as ${pkg}, into .toolchain/`);
  const answer = JSON.parse(npm(["view", `${pkg}@${line}`, "version", "dist.integrity", "--json"], 120_000, `asking the npm registry for ${pkg}@${line}`));
  /** @type {Array<{ version: string, "dist.integrity": string }>} */
  const releases = (Array.isArray(answer) ? answer : [answer]).filter((r) => typeof r?.version === "string" && /^\d+\.\d+\.\d+$/.test(r.version));
  const newest = releases.sort((a, b) => (versionAtLeast(a.version, b.version) ? -1 : 1))[0];
  if (!newest || !versionAtLeast(newest.version, floor)) throw new ToolchainError(`the npm registry has no ${pkg}@${line} at or above ${floor}`);
  const integrity = newest["dist.integrity"];
  if (typeof integrity !== "string" || !integrity.startsWith("sha512-")) throw new ToolchainError(`the npm registry gives no sha512 integrity for ${pkg}@${newest.version}`);

  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, "fetch-"));
  try {
    const packed = JSON.parse(npm(["pack", `${pkg}@${newest.version}`, "--pack-destination", work, "--json"], 10 * 60_000, `downloading ${pkg}@${newest.version}`));
    const tarball = join(work, packed[0].filename);
    if (sha512Integrity(readFileSync(tarball)) !== integrity) throw new ToolchainError(`${pkg}@${newest.version} does not match the registry's integrity hash: not used`);
    const unpacked = join(work, "unpacked");
    mkdirSync(unpacked);
    const tar = spawnSync("tar", ["-xzf", tarball, "-C", unpacked], { encoding: "utf8", timeout: 5 * 60_000 });
    if (tar.status !== 0) throw new ToolchainError(`unpacking ${pkg}@${newest.version} failed: ${tar.stderr || tar.error?.message || `tar exited with ${tar.status}`}`);
    const got = installedVersion(join(unpacked, "package"));
    if (got !== newest.version) throw new ToolchainError(`the unpacked ${pkg}@${newest.version} does not run here (it reports ${got ?? "nothing"})`);
    const target = join(cache, `${pkg}-${newest.version}`);
    rmSync(target, { recursive: true, force: true });
    renameSync(join(unpacked, "package"), target);
    say(`✓ Node ${newest.version} is in .toolchain/${pkg}-${newest.version}; the project's commands use it from now on`);
    return join(target, "bin");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const bin = ensureNode();
    if (bin) process.stdout.write(`${bin}\n`);
  } catch (error) {
    process.stderr.write(`! ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
