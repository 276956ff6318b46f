import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { readJsonFile, writeFileAtomic } from "./atomic-file.js";

const Schema = z.object({ n: z.number() });

describe("stored files", () => {
  it("are written whole, owner-only, with no temporary file left behind", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-atomic-"));
    const path = join(dir, "sub", "a.json");
    writeFileAtomic(path, JSON.stringify({ n: 1 }));
    writeFileAtomic(path, JSON.stringify({ n: 2 }));
    expect(readJsonFile(path, Schema)).toEqual({ status: "ok", value: { n: 2 } });
    expect(readdirSync(join(dir, "sub"))).toEqual(["a.json"]);
    if (process.platform !== "win32") expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("keep a corrupt file aside and report it instead of resetting silently", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-atomic-"));
    const path = join(dir, "a.json");
    writeFileSync(path, "{ half a fi");
    const read = readJsonFile(path, Schema);
    expect(read).toMatchObject({ status: "corrupt", reason: "not valid JSON" });
    if (read.status !== "corrupt") throw new Error("unreachable");
    expect(readFileSync(read.keptAs, "utf8")).toBe("{ half a fi");
    expect(existsSync(path)).toBe(false);
    writeFileSync(path, JSON.stringify({ n: "two" }));
    expect(readJsonFile(path, Schema)).toMatchObject({ status: "corrupt", reason: "unexpected contents at n" });
    expect(readJsonFile(join(dir, "none.json"), Schema)).toEqual({ status: "missing" });
  });
});
