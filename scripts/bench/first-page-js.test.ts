import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { scriptsBefore, sizeScripts, withinBudget } from "./first-page-js.js";

describe("the first page's JavaScript budget", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("counts each script asked for before the screen once, and nothing else", () => {
    const resources = [
      { path: "/assets/index-a.js", start: 20 },
      { path: "/assets/index-a.css", start: 20 },
      { path: "/assets/bridge-api-b.js", start: 180 },
      { path: "/assets/first-socket-c.js", start: 170 },
      { path: "/assets/index-a.js", start: 300 },
      { path: "/assets/FirstRunStep-d.js", start: 700 },
    ];
    expect(scriptsBefore(resources, 650)).toEqual(["/assets/index-a.js", "/assets/first-socket-c.js", "/assets/bridge-api-b.js"]);
  });

  it("sizes them as gzip -9 and fails past the budget", () => {
    dir = mkdtempSync(join(tmpdir(), "cometdesk-first-js-"));
    mkdirSync(join(dir, "assets"));
    const code = "export const x = [" + "1,".repeat(5000) + "];";
    writeFileSync(join(dir, "assets", "a.js"), code);
    const sized = sizeScripts(dir, ["/assets/a.js"]);
    const gzip = gzipSync(code, { level: 9 }).length;
    expect(sized).toEqual([{ path: "/assets/a.js", raw: code.length, gzip }]);
    expect(withinBudget(sized, gzip)).toEqual({ gzip, met: true, headroom: 0 });
    expect(withinBudget(sized, gzip - 1).met).toBe(false);
  });
});
