import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAppUrl, resolveAppAsset } from "./app-protocol.js";

const root = mkdtempSync(join(tmpdir(), "cometdesk-renderer-"));
mkdirSync(join(root, "assets"));
writeFileSync(join(root, "index.html"), "<!doctype html>");
writeFileSync(join(root, "assets", "index-abc.js"), "");

describe("app:// protocol", () => {
  it("serves the renderer's files with their content types", () => {
    expect(resolveAppAsset(root, "app://cometdesk/")).toEqual({ path: join(root, "index.html"), contentType: "text/html; charset=utf-8" });
    expect(resolveAppAsset(root, "app://cometdesk/assets/index-abc.js?v=1")?.path).toBe(join(root, "assets", "index-abc.js"));
  });

  it("never resolves outside the renderer build", () => {
    // The URL parser already folds plain "..": these stay inside the root.
    for (const url of ["app://cometdesk/../index.html", "app://cometdesk/%2e%2e/index.html"]) {
      expect(resolveAppAsset(root, url)?.path, url).toBe(join(root, "index.html"));
    }
    // Encoded separators survive the parser and are caught after decoding.
    for (const url of [
      "app://cometdesk/assets/%2e%2e%2f%2e%2e%2fsecret.js",
      "app://cometdesk/assets/..%5c..%5csecret.js",
      "app://cometdesk/%2Fetc%2Fpasswd.js",
      "app://cometdesk/%00.js",
      "app://cometdesk/%E0%A4%A.js",
      "app://other/index.html",
      "file:///etc/passwd",
      "app://cometdesk/no-type",
    ]) {
      expect(resolveAppAsset(root, url), url).toBeUndefined();
    }
  });

  it("recognises only its own origin", () => {
    expect(isAppUrl("app://cometdesk/index.html")).toBe(true);
    expect(isAppUrl("app://cometdesk.evil/index.html")).toBe(false);
    expect(isAppUrl("app://user@cometdesk/")).toBe(false);
    expect(isAppUrl("https://cometdesk/")).toBe(false);
  });
});
