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

  it.each([{}, { node: "x" }, { node: "http://n", port: "99999" }, { node: "http://n", "hold-ms": "soon" }])("refuses %j", (flags) => {
    expect(() => loadConfig(flags)).toThrow(ZodError);
  });
});
