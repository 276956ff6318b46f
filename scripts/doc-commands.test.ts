/**
 * Every shell command the README and the guides give is checked, so the guides cannot drift from
 * the code: each npm script exists, each package npx runs is installed, each file node or tsx
 * runs exists, each flag handed to a project tool is one its `--help` lists, and the cheap
 * commands run (each tool's `--help`, `npm run devnet -- status`). The commands are those of the
 * ```sh blocks and the prose's code spans that are commands (`isCommandSpan`).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { repoRoot } from "../devnet/lib/layout.js";
import {
  codeSpans,
  commandProblem,
  commandShape,
  docCommands,
  type DocCommand,
  type DocWorld,
  inlineCommands,
  isCommandSpan,
  PROJECT_CLIS,
  shellCommands,
  unlabeledFences,
} from "./doc-commands.js";

const run = promisify(execFile);
const TSX = join(repoRoot, "node_modules", ".bin", "tsx");

/** The README, the devnet's, and every guide of docs/ (read from the folder, so a new guide is checked as soon as it is written). */
const GUIDES = ["README.md", "devnet/README.md", ...readdirSync(join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");
const scripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(read("package.json"))).scripts;
const commands: DocCommand[] = GUIDES.flatMap((file) => docCommands(read(file), file));

/** Each project tool's `--help`, as it prints it. */
const usages: Record<string, string> = {};
const world: DocWorld = { scripts, usages, bins: new Set(readdirSync(join(repoRoot, "node_modules", ".bin"))), exists: (path) => existsSync(join(repoRoot, path)) };

describe("the commands the guides give", () => {
  beforeAll(async () => {
    await Promise.all(Object.entries(PROJECT_CLIS).map(async ([script, cli]) => {
      usages[script] = (await run(TSX, [cli, "--help"], { cwd: repoRoot })).stdout;
    }));
  }, 120_000);

  it("are read from every guide, its sh blocks and its prose", () => {
    for (const file of ["docs/watch-service.md", "docs/ledger.md", "docs/keys-cli.md", "docs/offline-signing.md", "docs/user-guide.md", "docs/contributing.md"]) expect(GUIDES).toContain(file);
    expect(commands.filter((c) => c.file === "README.md").map((c) => c.text)).toEqual(expect.arrayContaining(["npm ci", "npm start", "npm test", "npm run devnet -- down"]));
    for (const file of ["docs/operator-guide.md", "docs/access-service.md", "devnet/README.md", "docs/watch-service.md", "docs/keys-cli.md", "docs/offline-signing.md", "docs/ledger.md"]) {
      expect(commands.some((c) => c.file === file), file).toBe(true);
    }
    expect(commands).toContainEqual({ file: "docs/watch-service.md", line: 9, text: "npm run watch-service -- --config watch-service.json" });
    expect(commands.filter((c) => c.inline).map((c) => c.text)).toEqual(expect.arrayContaining(["npm start -- --no-devnet", "npm run watch-service -- --config FILE"]));
  });

  it("are in fences that say their language, so none is skipped for want of one", () => {
    expect(GUIDES.flatMap((file) => unlabeledFences(read(file)).map((line) => `${file}:${line}`))).toEqual([]);
  });

  it("name scripts package.json has, packages it installs, files that exist, and flags and commands each tool's --help lists", () => {
    for (const [script, usage] of Object.entries(usages)) expect(usage, script).toMatch(/usage/i);
    expect(commands.map((c) => commandProblem(c, world)).filter((p) => p !== undefined)).toEqual([]);
  });

  it("check each tool's flags against the file its npm script runs", () => {
    for (const [script, file] of Object.entries(PROJECT_CLIS)) expect(scripts[script], script).toMatch(new RegExp(`(^|\\s)tsx ${file.replace(/\./g, "\\.")}(\\s|$)`));
    // Every script that runs a tool of watch/, server/ or devnet/ is one of them.
    for (const [script, line] of Object.entries(scripts)) if (/\btsx (watch|server|devnet)\//.test(line)) expect(PROJECT_CLIS, script).toHaveProperty(script);
  });

  it("each `--help` a guide gives is one that was run above", () => {
    const helps = commands.map((c) => commandShape(c.text)).filter((s) => s.kind === "npm-script" && s.args.join(" ") === "--help");
    expect(helps.length).toBeGreaterThan(0);
    for (const shape of helps) if (shape.kind === "npm-script") expect(usages, shape.script).toHaveProperty(shape.script);
  });

  it("the README's two commands from source stay the ones .ci/run and a newcomer run", () => {
    const readme = read("README.md");
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm ci && npm test");
    expect(read(".ci/run")).toMatch(/^npm test$/m);
  });

  it("npm run devnet -- status answers in words, here where no devnet was started", async () => {
    expect(commands.some((c) => c.text === "npm run devnet -- status")).toBe(true);
    const empty = mkdtempSync(join(tmpdir(), "cometdesk-doc-devnet-"));
    try {
      const answer = await run(TSX, ["devnet/cli.ts", "status"], { cwd: repoRoot, env: { ...process.env, COMETDESK_DEVNET_DIR: empty } }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
      expect(answer).toEqual({ code: 1, out: "No devnet has been started here. Run `npm run devnet -- up`.\n" });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses what a guide must not say: a missing script, a flag a tool does not take, an unknown program or package, a missing file", () => {
    const at = (text: string): DocCommand => ({ file: "guide.md", line: 1, text });
    const usage = { devnet: "usage: npm run devnet -- <command>\n  up [--validators N]\n  status\n", bench: "usage: npm run bench [-- --only A,B]\n" };
    const small: DocWorld = { scripts: { devnet: "x", bench: "x" }, usages: usage, bins: new Set(["tsx", "vitest"]), exists: (path) => path === "scripts/bench.ts" || path === "scripts/render-icon.ts" };
    expect(commandProblem(at("npm run devnet -- up --validators 4"), small)).toBeUndefined();
    expect(commandProblem(at("npm run devnet -- up --validator 4"), small)).toMatch(/--validator not accepted/);
    expect(commandProblem(at("npm run devnet -- upp"), small)).toMatch(/"upp" is not a command/);
    expect(commandProblem(at("npm run screenshot"), small)).toMatch(/no script "screenshot"/);
    expect(commandProblem(at("curl http://x"), small)).toMatch(/neither npm, npx, node, tsx nor a known outside program/);
    expect(commandProblem(at("npx vitest run --project unit"), small)).toBeUndefined();
    expect(commandProblem(at("npx autocannon -c 10 http://x"), small)).toMatch(/npx would fetch it from the registry/);
    expect(commandProblem(at("npx tsx scripts/render-icon.ts"), small)).toBeUndefined();
    expect(commandProblem(at("npx tsx scripts/render-icons.ts"), small)).toMatch(/no such file/);
    expect(commandProblem(at("npx tsx scripts/render-icon.ts --size 2"), small)).toMatch(/no usage text/);
    expect(commandProblem(at("npx tsx scripts/bench.ts --only startup"), small)).toBeUndefined();
    expect(commandProblem(at("npx tsx scripts/bench.ts --runs 3"), small)).toMatch(/--runs not accepted by npm run bench/);
    expect(commandProblem(at("time npm run devnet -- up"), small)).toBeUndefined();
    expect(commandShape("npm run -s bridge -- --port 1")).toEqual({ kind: "npm-script", script: "bridge", args: ["--port", "1"] });
    expect(commandShape("node --version")).toEqual({ kind: "external", program: "node" });
  });

  it("reads sh blocks: comments dropped, continued lines joined, other fences and languages skipped", () => {
    const doc = "text\n```sh\nnpm ci && npm start   # both\n# only a comment\nsimd tx sign a.json --from k \\\n  --offline --chain-id C\n```\n```json\n{\"npm run x\": 1}\n```\n````md\n```sh\nnpm run inside-md\n```\n````\n";
    expect(shellCommands(doc, "g.md").map((c) => `${c.line}:${c.text}`)).toEqual(["3:npm ci", "3:npm start", "5:simd tx sign a.json --from k --offline --chain-id C"]);
    expect(unlabeledFences("a\n```\nnpm run x\n```\n```sh\nnpm ci\n```\n   ```text\n   $ git diff\n   ```\n")).toEqual([2]);
  });

  it("takes a code span of the prose for a command when it starts with npm, npx, node or tsx and has a second word", () => {
    for (const span of ["npm start", "npm run devnet -- up", "npx tsx scripts/bench.ts --only startup", "node node_modules/electron/install.js", "tsx scripts/x.ts"]) expect(isCommandSpan(span), span).toBe(true);
    for (const span of ["npm", "tsx", "node:", "node-hid", "npm_package_version", "simd keys show <name> -a", "go mod tidy", "devnet/cli.ts", ".ci/run", "nodes"]) expect(isCommandSpan(span), span).toBe(false);
  });

  it("reads the prose's code spans as CommonMark does: any run of backticks, across a line break, never inside a fence", () => {
    expect(codeSpans("a `one` b ``two ` inside`` c `` `ticks` `` d `unclosed", 10).map((s) => `${s.line}:${s.text}`)).toEqual(["10:one", "10:two ` inside", "10:`ticks`"]);
    const doc = "Run `npm run watch-service -- --confg FILE` first.\n\nUnder Electron it needs `npx electron-rebuild -o\nnode-hid,usb` first; see `npm`.\n\n```json\n{\"a\": \"`npm run nope`\"}\n```\n\n| `npm run devnet -- reset && time npm run devnet -- up` | x |\n";
    expect(inlineCommands(doc, "g.md").map((c) => `${c.line}:${c.text}`)).toEqual([
      "1:npm run watch-service -- --confg FILE",
      "3:npx electron-rebuild -o node-hid,usb",
      "10:npm run devnet -- reset",
      "10:time npm run devnet -- up",
    ]);
    expect(inlineCommands(doc, "g.md").every((c) => c.inline)).toBe(true);
  });
});
