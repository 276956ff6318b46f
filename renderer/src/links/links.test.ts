import { describe, expect, it } from "vitest";
import { detailHash, parseDetail } from "./routes.js";
import { shortcutFor, shortcutList } from "./shortcuts.js";

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods,
});

describe("detail fragments", () => {
  it("reads detail routes and writes them back", () => {
    const hash = "ab".repeat(32);
    expect(parseDetail("#/block/42")).toEqual({ kind: "block", height: "42" });
    expect(parseDetail(`#/tx/${hash}`)).toEqual({ kind: "tx", hash: hash.toUpperCase() });
    expect(parseDetail(`#/block/hash/${hash}`)).toEqual({ kind: "blockHash", hash: hash.toUpperCase() });
    expect(parseDetail("#/account/cosmos1abcdefgh")).toEqual({ kind: "account", address: "cosmos1abcdefgh" });
    expect(parseDetail("#/block/0")).toBeUndefined();
    expect(parseDetail(`#/tx/${hash}x`)).toBeUndefined();
    expect(detailHash({ kind: "tx", hash })).toBe(`#/tx/${hash.toUpperCase()}`);
    expect(parseDetail(detailHash({ kind: "block", height: "7" }))).toEqual({ kind: "block", height: "7" });
  });
});

describe("shortcuts", () => {
  const pages = [{ key: "2", route: "networks", label: "Networks" }] as const;

  it("use Ctrl on Linux and Windows, Cmd on macOS", () => {
    expect(shortcutFor(key("2", { ctrlKey: true }), false, pages)).toEqual({ type: "go", route: "networks" });
    expect(shortcutFor(key("2", { metaKey: true }), false, pages)).toBeUndefined();
    expect(shortcutFor(key("2", { metaKey: true }), true, pages)).toEqual({ type: "go", route: "networks" });
    expect(shortcutFor(key("3", { ctrlKey: true }), false, pages)).toBeUndefined();
  });

  it("need the Shift variants for lock and theme, and ignore plain keys", () => {
    expect(shortcutFor(key("L", { ctrlKey: true, shiftKey: true }), false, pages)).toEqual({ type: "lock" });
    expect(shortcutFor(key("D", { ctrlKey: true, shiftKey: true }), false, pages)).toEqual({ type: "toggleTheme" });
    expect(shortcutFor(key("l", { ctrlKey: true }), false, pages)).toBeUndefined();
    expect(shortcutFor(key("2"), false, pages)).toBeUndefined();
    expect(shortcutFor(key("2", { ctrlKey: true, altKey: true }), false, pages)).toBeUndefined();
    expect(shortcutFor(key("k", { ctrlKey: true }), false, pages)).toEqual({ type: "search" });
    expect(shortcutFor(key("k", { metaKey: true }), true, pages)).toEqual({ type: "search" });
  });

  it("lists the pages' shortcuts before search, lock and theme", () => {
    expect(shortcutList(pages).map((s) => s.keys)).toEqual(["Mod+2", "Mod+K", "Mod+Shift+L", "Mod+Shift+D"]);
  });
});
