import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { installNotice } from "./install-notice.mjs";
import { readToolchain } from "./node-toolchain.mjs";

const toolchain = readToolchain();
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

describe("npm ci on a Node older than the floor", () => {
  it("says first, in one line, what will happen", () => {
    const line = installNotice("v20.20.2", toolchain.node);
    expect(line).toBe(`Node v20.20.2 is older than the ${toolchain.node.floor} this project needs: the install goes on, and \`npm start\` and \`npm test\` fetch Node ${toolchain.node.line} into .toolchain/ on their first run (engine warnings hidden; \`npm ci --loglevel=warn\` shows them).`);
    expect(line).not.toContain("\n");
  });

  it("says nothing on a supported Node", () => {
    expect(installNotice(`v${toolchain.node.floor}`, toolchain.node)).toBeUndefined();
    const run = spawnSync(process.execPath, ["scripts/toolchain/install-notice.mjs"], { encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
  });

  it("is npm's preinstall, and the project's .npmrc keeps npm's engine warnings off the screen", () => {
    // The root package's preinstall is the first thing npm ci prints once its warnings are silenced.
    expect(pkg.scripts.preinstall).toBe("node scripts/toolchain/install-notice.mjs");
    const npmrc = readFileSync(".npmrc", "utf8").split("\n").filter((l) => l.trim() && !/^\s*[#;]/.test(l));
    expect(npmrc).toContain("loglevel=error");
    // Nothing that would make an older Node's install fail rather than warn.
    expect(npmrc.some((l) => /^engine-strict\s*=\s*true/.test(l))).toBe(false);
  });
});
