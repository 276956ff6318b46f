import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { electronBinary } from "./electron-binary.js";

const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
  else process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
});

describe("electron binary lookup", () => {
  it("finds a binary in an override folder and reports none when the folder is empty", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-electron-"));
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
    expect(electronBinary()).toBeUndefined();
    const name = process.platform === "win32" ? "electron.exe" : "electron";
    writeFileSync(join(dir, name), "");
    expect(electronBinary()).toBe(join(dir, name));
  });
});
