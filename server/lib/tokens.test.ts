import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TokenFile } from "./tokens.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

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
