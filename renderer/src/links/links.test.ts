import { describe, expect, it } from "vitest";
import { detailHash, parseLocation, parseRoute, routeHash } from "./routes.js";
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

  it("reads detail routes and writes them back", () => {
    const hash = "ab".repeat(32);
    expect(parseLocation("#/block/42")).toEqual({ route: "blocks", detail: { kind: "block", height: "42" } });
    expect(parseLocation(`#/tx/${hash}`)).toEqual({ route: "blocks", detail: { kind: "tx", hash: hash.toUpperCase() } });
    expect(parseLocation(`#/block/hash/${hash}`).detail).toEqual({ kind: "blockHash", hash: hash.toUpperCase() });
    expect(parseLocation("#/account/cosmos1abcdefgh").detail).toEqual({ kind: "account", address: "cosmos1abcdefgh" });
    expect(parseLocation("#/block/0").detail).toBeUndefined();
    expect(parseLocation(`#/tx/${hash}x`).detail).toBeUndefined();
    expect(detailHash({ kind: "tx", hash })).toBe(`#/tx/${hash.toUpperCase()}`);
    expect(parseLocation(detailHash({ kind: "block", height: "7" })).detail).toEqual({ kind: "block", height: "7" });
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
    expect(shortcutFor(key("k", { ctrlKey: true }), false)).toEqual({ type: "search" });
    expect(shortcutFor(key("k", { metaKey: true }), true)).toEqual({ type: "search" });
  });
});
