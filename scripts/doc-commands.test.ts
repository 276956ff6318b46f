/**
 * Every shell command the README and the guides give is checked, so the guides cannot drift from
 * the code: each npm script exists, each flag handed to a project tool is one its `--help` lists,
 * and the cheap commands run (each tool's `--help`, `npm run devnet -- status`).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { repoRoot } from "../devnet/lib/layout.js";
import { commandProblem, commandShape, PROJECT_CLIS, shellCommands, type DocCommand } from "./doc-commands.js";

const run = promisify(execFile);
const TSX = join(repoRoot, "node_modules", ".bin", "tsx");

/** The README and the guides by audience, each with the commands its reader types. */
const GUIDES = ["README.md", "docs/user-guide.md", "docs/operator-guide.md", "docs/access-service.md", "docs/security.md", "docs/contributing.md", "devnet/README.md"];
const scripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"))).scripts;
const commands: DocCommand[] = GUIDES.flatMap((file) => shellCommands(readFileSync(join(repoRoot, file), "utf8"), file));

/** Each project tool's `--help`, as it prints it. */
const usages: Record<string, string> = {};

describe("the commands the guides give", () => {
  beforeAll(async () => {
    await Promise.all(Object.entries(PROJECT_CLIS).map(async ([script, cli]) => {
      usages[script] = (await run(TSX, [cli, "--help"], { cwd: repoRoot })).stdout;
    }));
  }, 60_000);

  it("are read from every guide's sh blocks", () => {
    expect(commands.filter((c) => c.file === "README.md").map((c) => c.text)).toEqual(expect.arrayContaining(["npm ci", "npm start", "npm test", "npm run devnet -- down"]));
    for (const file of ["docs/operator-guide.md", "docs/access-service.md", "devnet/README.md"]) expect(commands.some((c) => c.file === file), file).toBe(true);
  });

  it("name scripts package.json has, and flags and commands each tool's --help lists", () => {
    for (const [script, usage] of Object.entries(usages)) expect(usage, script).toMatch(/usage/i);
    expect(commands.map((c) => commandProblem(c, scripts, usages)).filter((p) => p !== undefined)).toEqual([]);
  });

  it("the README's two commands from source stay the ones .ci/run and a newcomer run", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm ci && npm test");
    expect(readFileSync(join(repoRoot, ".ci", "run"), "utf8")).toMatch(/^npm test$/m);
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

  it("refuses what a guide must not say: a missing script, a flag a tool does not take, an unknown program", () => {
    const at = (text: string): DocCommand => ({ file: "guide.md", line: 1, text });
    const usage = { devnet: "usage: npm run devnet -- <command>\n  up [--validators N]\n  status\n" };
    expect(commandProblem(at("npm run devnet -- up --validators 4"), { devnet: "x" }, usage)).toBeUndefined();
    expect(commandProblem(at("npm run devnet -- up --validator 4"), { devnet: "x" }, usage)).toMatch(/--validator not accepted/);
    expect(commandProblem(at("npm run devnet -- upp"), { devnet: "x" }, usage)).toMatch(/"upp" is not a command/);
    expect(commandProblem(at("npm run screenshot"), { devnet: "x" }, usage)).toMatch(/no script "screenshot"/);
    expect(commandProblem(at("curl http://x"), {}, usage)).toMatch(/neither npm nor a known outside program/);
    expect(shellCommands("text\n```sh\nnpm ci && npm start   # both\n# only a comment\n```\n```\nnot sh\n```\n", "g.md").map((c) => `${c.line}:${c.text}`)).toEqual(["3:npm ci", "3:npm start"]);
    expect(commandShape("npm run -s bridge -- --port 1")).toEqual({ kind: "npm-script", script: "bridge", args: ["--port", "1"] });
  });
});
