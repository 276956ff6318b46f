import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../devnet/lib/layout.js";
import { codeFolders, layoutFolders } from "./doc-layout.js";

const GUIDE = readFileSync(join(repoRoot, "docs", "contributing.md"), "utf8");

describe("the layout table of docs/contributing.md", () => {
  it("names every top-level folder that holds code, and only folders that exist", () => {
    const named = layoutFolders(GUIDE);
    const code = codeFolders(repoRoot);
    for (const folder of ["watch", "storage", "server", "electron", "renderer", ".ci"]) expect(code).toContain(folder);
    expect(code.filter((f) => !named.includes(f)), "folders with code missing from the table under ## Layout").toEqual([]);
    const isFolder = (f: string) => existsSync(join(repoRoot, f)) && statSync(join(repoRoot, f)).isDirectory();
    expect(named.filter((f) => !isFolder(f)), "in the table but not in the repository").toEqual([]);
  });

  it("reads the folders of the table's first column, as their top-level folder", () => {
    const doc = "# C\n\n## Layout\n\n| folder | what |\n|---|---|\n| `a/` | x `not-me/` |\n| `b/c/` | y |\n| `d/`, `e.yml` | z |\n\n## Next\n\n| `f/` | no |\n";
    expect(layoutFolders(doc)).toEqual(["a", "b", "d"]);
  });

  it("counts a folder as code for a source file or a script, at any depth, and leaves out what git ignores", () => {
    const root = mkdtempSync(join(tmpdir(), "cometdesk-layout-"));
    try {
      const file = (path: string, text = "") => {
        mkdirSync(join(root, path, ".."), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      file("src/deep/a.ts");
      file(".ci/run", "#!/usr/bin/env bash\n");
      file("docs/guide.md");
      file("images/icon.png");
      file("dist/main.js");
      file(".devnet-2/x.js");
      file("vendor/node_modules/p/index.js");
      file(".gitignore", "dist/\n.devnet-*/\n# a comment\n");
      expect(codeFolders(root)).toEqual([".ci", "src"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
