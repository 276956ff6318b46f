import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RendererServer, startRendererServer } from "./renderer-server.js";

const root = mkdtempSync(join(tmpdir(), "cometdesk-web-"));
writeFileSync(join(root, "index.html"), "<!doctype html><title>x</title>");
let server: RendererServer;

beforeAll(async () => {
  server = await startRendererServer({ rootDir: root, bridgeOrigin: () => "ws://127.0.0.1:7123" });
});
afterAll(() => server.close());

describe("renderer server (browser mode)", () => {
  it("serves the build with the app's CSP plus the bridge's origin, on loopback only", async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:7123;");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("answers 404 outside the build and to anything but GET", async () => {
    for (const path of ["/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..%5csecret.html", "/missing.js"]) {
      expect((await fetch(`${server.origin}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(server.url, { method: "POST", body: "x" })).status).toBe(404);
  });
});
