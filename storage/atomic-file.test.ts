import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { diskBudget, faultySyncFiles, shortWrites } from "../devnet/test/file-faults.js";
import { readJsonFile, StorageWriteError, writeFileAtomic } from "./atomic-file.js";

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

describe("stored files on a failing disk", () => {
  it("fsync the temporary file before it is renamed over, and the folder after", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-atomic-"));
    const log: string[] = [];
    writeFileAtomic(join(dir, "a.json"), JSON.stringify({ n: 1 }), 0o600, faultySyncFiles({ log }));
    const ops = log.map((l) => l.split(" ")[0]);
    const rename = ops.indexOf("rename");
    expect(ops.slice(0, rename)).toEqual(["open", "write", "fsync", "close"]);
    expect(log.slice(rename + 1)).toEqual([`open ${dir}`, `fsync ${dir}`, `close ${dir}`]);
  });

  it("follow up short write counts, so the file is whole", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-atomic-"));
    const path = join(dir, "a.json");
    writeFileAtomic(path, JSON.stringify({ n: 12345 }), 0o600, faultySyncFiles({ writeCap: shortWrites(3) }));
    expect(readJsonFile(path, Schema)).toEqual({ status: "ok", value: { n: 12345 } });
  });

  it("keep the previous file when the disk takes only part of the new one, and say so", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-atomic-"));
    const path = join(dir, "vault.json");
    writeFileAtomic(path, JSON.stringify({ n: 1 }));
    const error = (() => {
      try {
        writeFileAtomic(path, JSON.stringify({ n: 2, pad: "x".repeat(100) }), 0o600, faultySyncFiles({ writeCap: diskBudget(10) }));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StorageWriteError);
    expect(error).toMatchObject({ code: "disk_full", message: "could not save vault.json: the disk is full; the previous version is kept, and nothing was changed" });
    expect(readJsonFile(path, Schema)).toEqual({ status: "ok", value: { n: 1 } });
    expect(readdirSync(dir)).toEqual(["vault.json"]);
  });
});
