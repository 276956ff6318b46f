import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../devnet/lib/layout.js";
import { packageVersion } from "./package-version.js";

describe("packageVersion", () => {
  it("is the version package.json gives, which Electron's app.getVersion() also reads", () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
    expect(packageVersion()).toBe(version);
    expect(packageVersion()).not.toBe("0.0.0");
  });

  it("says which file is wrong when the version is missing or no version", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-version-"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", version: "one" }));
    expect(() => packageVersion(dir)).toThrow(`${join(dir, "package.json")}: its "version" is not a semver version`);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x" }));
    expect(() => packageVersion(dir)).toThrow(/package\.json: its "version" is/);
  });
});
