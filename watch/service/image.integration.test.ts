import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../devnet/lib/layout.js";
import { execForm, parseDockerfile, stagesOf } from "./test/dockerfile-check.js";

/**
 * The container image's commands, run as the image would run them but on this machine: no image
 * registry is reachable where the suite runs, so the image itself cannot be built here
 * (docs/watch-service.md, "Container image"). The Dockerfile's bundling step makes the file its
 * ENTRYPOINT starts; that entry command answers --help, starts on a config at the CMD's path
 * against the test devnet, answers /health, and the HEALTHCHECK's own command says so.
 */
const run = promisify(execFile);
const info = inject("devnet");
const steps = parseDockerfile(readFileSync(join(repoRoot, "watch/service/Dockerfile"), "utf8"));
const stages = stagesOf(steps);
const final = stages.at(-1)!;
const lastOf = (keyword: string) => final.filter((i) => i.keyword === keyword).at(-1)!;
// Inside node_modules/.cache: the bundle leaves its packages outside, and finds them in the repository's node_modules.
const cache = join(repoRoot, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, "watch-image-"));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The image's path `inImage` as made on this machine: the build stage's output file, at the place the final stage copies it to. */
function bundlePaths(): { build: string[]; entry: string[]; command: string[] } {
  const bundle = steps.flatMap((i) => (i.keyword === "RUN" ? [execForm(i.args)] : [])).find((a) => a?.includes("esbuild"));
  expect(bundle, "a RUN that bundles with esbuild").toBeDefined();
  const outArg = bundle!.find((a) => a.startsWith("--outfile="))!;
  const out = outArg.slice("--outfile=".length);
  const copy = final.find((i) => i.keyword === "COPY" && i.args.includes(` ${out} `))!;
  const workdir = final.filter((i) => i.keyword === "WORKDIR").at(-1)!.args.trim();
  const inImage = posix.resolve(workdir, copy.args.split(/\s+/).at(-1)!);
  const local = join(dir, posix.basename(inImage));
  const entry = execForm(lastOf("ENTRYPOINT").args)!;
  expect(entry).toContain(inImage);
  return {
    build: bundle!.map((a) => (a === outArg ? `--outfile=${local}` : a)),
    entry: entry.map((a) => (a === inImage ? local : a === "node" ? process.execPath : a)),
    command: execForm(lastOf("CMD").args)!,
  };
}

describe("the container image's commands, run directly", () => {
  it("bundles the service, answers --help, starts on a config, and passes its own HEALTHCHECK", { timeout: 180_000 }, async () => {
    const { build, entry, command } = bundlePaths();
    expect(build[0]).toBe("npx");
    await run(process.platform === "win32" ? "npx.cmd" : "npx", build.slice(1), { cwd: repoRoot, timeout: 120_000 });

    const help = await run(entry[0]!, [...entry.slice(1), "--help"], { timeout: 60_000 });
    expect(help.stdout).toContain("--config FILE");

    // The CMD's config path, in a folder standing for the image's /data volume.
    const configInImage = command[command.indexOf("--config") + 1]!;
    const data = join(dir, "data");
    mkdirSync(data, { mode: 0o700 });
    const config = join(data, posix.basename(configInImage));
    writeFileSync(config, JSON.stringify({
      dataDir: ".", listen: { host: "127.0.0.1", port: 0 },
      networks: [{ id: "devnet", name: "Devnet", chainId: info.chainId, bech32Prefix: info.bech32Prefix, rpcUrls: [info.nodes[0]!.rpc] }],
    }));
    const args = command.map((a) => (a === configInImage ? config : a));
    const child = spawn(entry[0]!, [...entry.slice(1), ...args, "--log-level", "warn"], { stdio: ["ignore", "pipe", "inherit"] });
    children.add(child);
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the entry command exited with ${code} while starting`)));
      createInterface({ input: child.stdout! }).on("line", (line) => {
        const match = /API on (http:\/\/\S+)/.exec(line);
        if (match) resolve(match[1]!);
      });
    });
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });

    // The HEALTHCHECK's command, pointed at the port this run listens on.
    const check = execForm(lastOf("HEALTHCHECK").args.replace(/^.*?\bCMD\s+/, ""))!;
    const probe = (target: string) => run(process.execPath, check.slice(1).map((a) => a.replace(/http:\/\/127\.0\.0\.1:\d+/, target)), { timeout: 30_000 });
    await expect(probe(url)).resolves.toBeDefined();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(probe(url)).rejects.toThrow(); // and it fails once nothing answers
  });
});
