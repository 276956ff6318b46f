import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diskBudget, faultySyncFiles, shortWrites } from "../../devnet/test/file-faults.js";
import { StorageError } from "./errors.js";
import { TokenFile } from "./tokens.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "tokens-"));
  dirs.push(dir);
  return dir;
}

describe("TokenFile", () => {
  it("stores only a hash, verifies the token, and forgets it once revoked", () => {
    const dir = mkdtempSync(join(tmpdir(), "tokens-"));
    dirs.push(dir);
    const file = new TokenFile(join(dir, "tokens.json"));
    const { token, entry } = file.create("ci");
    expect(readFileSync(file.path, "utf8")).not.toContain(token.slice(4));
    expect(file.verify(token)?.id).toBe(entry.id);
    expect(file.verify(`${token}x`)).toBeUndefined();
    expect(file.revoke("ci")).toBe(1);
    file.reload();
    expect(file.verify(token)).toBeUndefined();
    expect(file.entries()[0]?.revokedAt).toBeDefined();
  });
});

describe("TokenFile writes", () => {
  it("fsync the new file before renaming it over tokens.json, and the folder after", () => {
    const dir = folder();
    const log: string[] = [];
    new TokenFile(join(dir, "tokens.json"), faultySyncFiles({ log })).create("a");
    const ops = log.map((l) => l.split(" ")[0]);
    const rename = ops.indexOf("rename");
    expect(ops.slice(0, rename)).toEqual(["open", "write", "fsync", "close"]);
    expect(log.slice(rename + 1)).toEqual([`open ${dir}`, `fsync ${dir}`, `close ${dir}`]);
  });

  it("follow up short counts, so the file is whole", () => {
    const path = join(folder(), "tokens.json");
    new TokenFile(path, faultySyncFiles({ writeCap: shortWrites(9) })).create("a");
    expect(new TokenFile(path).entries().map((e) => e.name)).toEqual(["a"]);
  });

  it("keep the old file when the disk takes only part of the new one, and say so", () => {
    const dir = folder();
    const path = join(dir, "tokens.json");
    const { token } = new TokenFile(path).create("first");
    const before = readFileSync(path, "utf8");
    const full = new TokenFile(path, faultySyncFiles({ writeCap: diskBudget(40) }));
    const error = (() => {
      try {
        full.create("second");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code: "ENOSPC", message: expect.stringMatching(/^could not write tokens\.json: the disk took 40 of \d+ bytes/) });
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(dir)).toEqual(["tokens.json"]);
    expect(new TokenFile(path).verify(token)?.name).toBe("first");
  });
});
