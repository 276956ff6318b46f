import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("takes defaults, then the config file, then flags", () => {
    const dir = mkdtempSync(join(tmpdir(), "config-"));
    try {
      const file = join(dir, "access.json");
      writeFileSync(file, JSON.stringify({ node: "http://127.0.0.1:1", holdMs: 5000, port: 1 }));
      const config = loadConfig({ port: "2", "cors-origin": "http://a, http://b" }, file);
      expect(config).toMatchObject({ node: "http://127.0.0.1:1", holdMs: 5000, port: 2, corsOrigins: ["http://a", "http://b"], rateLimit: 50, defaultFee: "500ucomet" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes the store from --store, else DATABASE_URL, else the journal", () => {
    const url = "postgres://access:secret@db.internal:5432/cometdesk";
    expect(loadConfig({ node: "http://n" }, undefined, {}).store).toBe("journal");
    expect(loadConfig({ node: "http://n" }, undefined, { DATABASE_URL: url }).store).toBe(url);
    expect(loadConfig({ node: "http://n", store: "journal" }, undefined, { DATABASE_URL: url }).store).toBe("journal");
    expect(loadConfig({ node: "http://n", "replica-id": "a-1", "trust-proxy": "10.0.0.1, 10.1.0.0/16" }, undefined, {})).toMatchObject({ replicaId: "a-1", trustProxy: ["10.0.0.1", "10.1.0.0/16"] });
    expect(loadConfig({ node: "http://n" }, undefined, {}).replicaId).toMatch(/^[\w.:-]{1,48}$/);
  });

  it.each([{ node: "http://n", store: "mysql://x" }, { node: "http://n", store: "postgres://" }, { node: "http://n", "replica-id": "a b" }, { node: "http://n", "db-pool-size": "1" }])("refuses the store setting %j", (flags) => {
    expect(() => loadConfig(flags, undefined, {})).toThrow(ZodError);
  });

  it.each([{}, { node: "x" }, { node: "http://n", port: "99999" }, { node: "http://n", "hold-ms": "soon" }])("refuses %j", (flags) => {
    expect(() => loadConfig(flags)).toThrow(ZodError);
  });
});
