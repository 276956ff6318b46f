import { describe, expect, it } from "vitest";
import { parseRoute, routeHash } from "./routes.js";
import { shortcutFor } from "./shortcuts.js";

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods,
});

describe("routes", () => {
  it("maps fragments to pages and falls back to the node page", () => {
    expect(parseRoute("#/networks")).toBe("networks");
    expect(parseRoute(routeHash("settings"))).toBe("settings");
    expect(parseRoute("")).toBe("node");
    expect(parseRoute("#/nope")).toBe("node");
  });
});

describe("shortcuts", () => {
  it("use Ctrl on Linux and Windows, Cmd on macOS", () => {
    expect(shortcutFor(key("2", { ctrlKey: true }), false)).toEqual({ type: "go", route: "networks" });
    expect(shortcutFor(key("2", { metaKey: true }), false)).toBeUndefined();
    expect(shortcutFor(key("2", { metaKey: true }), true)).toEqual({ type: "go", route: "networks" });
  });

  it("need the Shift variants for lock and theme, and ignore plain keys", () => {
    expect(shortcutFor(key("L", { ctrlKey: true, shiftKey: true }), false)).toEqual({ type: "lock" });
    expect(shortcutFor(key("D", { ctrlKey: true, shiftKey: true }), false)).toEqual({ type: "toggleTheme" });
    expect(shortcutFor(key("l", { ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutFor(key("1"), false)).toBeUndefined();
    expect(shortcutFor(key("1", { ctrlKey: true, altKey: true }), false)).toBeUndefined();
  });
});
