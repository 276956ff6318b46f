import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../devnet/lib/layout.js";
import { documentedVariables, envReads, envReadsIn, sourceFiles } from "./env-reads.js";

/** What runs outside the renderer: the scripts, the devnet tool, the service and its CLI, the app's main side, the e2e harness, the build configs. */
const SCANNED = [...sourceFiles(repoRoot, ["scripts", "devnet", "server", "electron", "watch", "storage", "e2e"]), "vite.config.ts", "vitest.config.ts", "eslint.config.js"];
/** The table lives in the contributing guide, where a person setting up a second copy or a test run looks. */
const GUIDE = readFileSync(`${repoRoot}/docs/contributing.md`, "utf8");

describe("the environment variables table", () => {
  it("lists every variable the code reads, and only those", () => {
    const read = envReadsIn(repoRoot, SCANNED);
    const documented = documentedVariables(GUIDE, "## Environment variables");
    const missing = [...read].filter(([name]) => !documented.includes(name)).map(([name, at]) => `${name} (${at.map((r) => `${r.file}:${r.line}`).join(", ")})`);
    expect(missing, "read in the code but not in docs/contributing.md's table").toEqual([]);
    expect(documented.filter((name) => !read.has(name)), "in docs/contributing.md's table but read nowhere").toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("scans the files that read the knobs a user sets", () => {
    for (const file of ["scripts/start/browser-fallback.ts", "devnet/lib/layout.ts", "server/cli.ts", "electron/main/main.ts", "devnet/test/global-setup.ts"]) expect(SCANNED).toContain(file);
    expect(SCANNED.some((f) => /\.test\.ts$/.test(f))).toBe(false);
  });

  it("finds the forms this code reads variables in, and not text that only looks like one", () => {
    const source = [
      "const a = process.env.COMETDESK_A ?? 'x';",
      "const b = process.env[\"COMETDESK_B\"];",
      "const { COMETDESK_C, COMETDESK_D: d } = process.env;",
      "export function layout(env: NodeJS.ProcessEnv = process.env) { return env.COMETDESK_E ?? env[\"COMETDESK_F\"]; }",
      "const childEnv = { ...process.env }; childEnv.COMETDESK_G;",
      "const seen = env.four.devnetDir; // a settings object named env: lower-case names do not count",
      "process.env.COMETDESK_SET = '1'; delete process.env.COMETDESK_DELETED;",
      "build({ define: { 'process.env.NODE_ENV': '\"production\"' } }); // process.env.IN_A_COMMENT",
      "spawn(bin, [], { env: { ...process.env, COMETDESK_PASSED_ON: 'x' } });",
      "const version = process.env.npm_package_version;",
    ].join("\n");
    expect(envReads(source, "sample.ts").map((r) => `${r.name}:${r.line}`)).toEqual([
      "COMETDESK_A:1", "COMETDESK_B:2", "COMETDESK_C:3", "COMETDESK_D:3", "COMETDESK_E:4", "COMETDESK_F:4", "COMETDESK_G:5", "npm_package_version:10",
    ]);
  });

  it("reads the table's first column, several names to a row", () => {
    const doc = "# T\n\n## Environment variables\n\n| variable | x |\n|---|---|\n| `A_B` | one |\n| `C`, `D` | two `NOT_ME` |\n\n## Next\n\n| `E` | no |\n";
    expect(documentedVariables(doc, "## Environment variables")).toEqual(["A_B", "C", "D"]);
  });
});
