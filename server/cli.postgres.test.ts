import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "./test/test-storage.js";

const run = promisify(execFile);
let database: { url: string; drop(): Promise<void> };
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => run(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], { timeout: 60_000, env: { ...process.env, DATABASE_URL: "", ...env } });

beforeAll(async () => {
  database = await createTestDatabase(inject("postgres")!.url);
});
afterAll(async () => {
  await database?.drop();
});

describe("npm run server -- token, on PostgreSQL", () => {
  it("creates (migrating a fresh database first), lists and revokes tokens, by --store or DATABASE_URL, storing only hashes", { timeout: 120_000 }, async () => {
    const token = (await cli(["token", "create", "--name", "ops", "--store", database.url])).stdout.trim();
    expect(token).toMatch(/^cdt_[\w-]{43}$/);
    expect((await cli(["token", "list"], { DATABASE_URL: database.url })).stdout).toMatch(/ops\s+created/);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string }>("SELECT hash FROM api_tokens");
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await client.end();
    }
    expect((await cli(["token", "revoke", "ops", "--store", database.url])).stdout).toContain("Revoked 1 token(s).");
    expect((await cli(["token", "list", "--store", database.url])).stdout).toContain("REVOKED");
    await expect(cli(["token", "list", "--store", "mysql://nope"])).rejects.toThrow(/postgres:\/\/ URL/);
  });
});
