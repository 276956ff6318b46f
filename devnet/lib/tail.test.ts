import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tailLines } from "./tail.js";

describe("tailLines", () => {
  const dir = mkdtempSync(join(tmpdir(), "tail-"));

  it("returns the last lines of a file", () => {
    const path = join(dir, "a.log");
    writeFileSync(path, "one\ntwo\nthree\nfour\n");
    expect(tailLines(path, 2)).toBe("three\nfour");
  });

  it("reads only the end of a large file", () => {
    const path = join(dir, "big.log");
    writeFileSync(path, `${"x".repeat(200_000)}\nlast line\n`);
    expect(tailLines(path, 1)).toBe("last line");
  });

  it("returns nothing when asked for no lines", () => {
    const path = join(dir, "b.log");
    writeFileSync(path, "one\ntwo\n");
    expect(tailLines(path, 0)).toBe("");
  });

  it("returns an empty string for a missing file", () => {
    expect(tailLines(join(dir, "missing.log"), 5)).toBe("");
  });
});
