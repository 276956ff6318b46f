import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_WINDOW_STATE, readWindowState, writeWindowState } from "./window-state.js";

const dir = mkdtempSync(join(tmpdir(), "cometdesk-window-"));
const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe("window state", () => {
  it("round-trips through an atomic write, leaving no temporary file", () => {
    const path = join(dir, "window.json");
    const state = { x: 100, y: 80, width: 1000, height: 700, maximized: true };
    writeWindowState(path, state);
    expect(readWindowState(path, screen)).toEqual(state);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("falls back to the default for a missing, corrupt or out-of-range file", () => {
    expect(readWindowState(join(dir, "missing.json"), screen)).toEqual(DEFAULT_WINDOW_STATE);
    const corrupt = join(dir, "corrupt.json");
    writeFileSync(corrupt, "{\"width\":");
    expect(readWindowState(corrupt, screen)).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(corrupt, JSON.stringify({ width: 10, height: 10, maximized: false }));
    expect(readWindowState(corrupt, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it("drops a position that lies on no current display", () => {
    const path = join(dir, "offscreen.json");
    writeWindowState(path, { x: 3000, y: 0, width: 800, height: 600, maximized: false });
    expect(readWindowState(path, screen)).toEqual({ width: 800, height: 600, maximized: false });
  });

  it("refuses to write an invalid state", () => {
    const path = join(dir, "invalid.json");
    expect(() => writeWindowState(path, { width: -1, height: 600, maximized: false })).toThrow();
    expect(() => readFileSync(path)).toThrow();
  });
});
