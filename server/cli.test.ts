import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "cli-"));
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", "server/cli.ts", ...args, "--data-dir", dataDir], { timeout: 60_000 });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run server -- token", () => {
  it("creates a token, prints it once, stores only its hash, lists and revokes it", { timeout: 60_000 }, async () => {
    const created = await cli("token", "create", "--name", "ops");
    const token = created.stdout.trim();
    expect(token).toMatch(/^cdt_[\w-]{43}$/);
    expect(readFileSync(join(dataDir, "tokens.json"), "utf8")).not.toContain(token);
    expect((await cli("token", "list")).stdout).toMatch(/ops\s+created/);
    expect((await cli("token", "revoke", "ops")).stdout).toContain("Revoked 1 token(s).");
    expect((await cli("token", "list")).stdout).toContain("REVOKED");
    await expect(cli("token", "create")).rejects.toThrow(/needs --name/);
  });
});
