import { describe, expect, it } from "vitest";
import { detailHash, parseDetail } from "./routes.js";
import { TOO_HIGH } from "../../../shared/height.js";
import { unreadableDetail } from "./unreadable-detail.js";
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

describe("detail fragments that name nothing", () => {
  it("say why, for the page the link opens", () => {
    const hash = "ab".repeat(32);
    expect(unreadableDetail("#/block/-1")).toEqual({ kind: "block", reason: "Heights start at 1." });
    expect(unreadableDetail("#/block/0")).toEqual({ kind: "block", reason: "Heights start at 1." });
    expect(unreadableDetail("#/block/00012")?.reason).toBe("Write the height as digits alone, without leading zeros or spaces: #/block/12.");
    expect(unreadableDetail("#/block/%2012")?.reason).toBe("Write the height as digits alone, without leading zeros or spaces: #/block/12.");
    expect(unreadableDetail(`#/block/${"9".repeat(25)}`)?.reason).toBe(TOO_HIGH);
    // Past int64 behind leading zeros: the link it would suggest instead names no block either.
    expect(unreadableDetail("#/block/009223372036854775808")?.reason).toBe(TOO_HIGH);
    expect(unreadableDetail(`#/block/0${"1".repeat(20)}`)?.reason).toBe(TOO_HIGH);
    expect(unreadableDetail("#/block/09223372036854775807")?.reason).toBe("Write the height as digits alone, without leading zeros or spaces: #/block/9223372036854775807.");
    expect(unreadableDetail("#/block/%D9%A1%D9%A2")?.reason).toMatch(/whole number from 1/);
    expect(unreadableDetail(`#/block/${hash}`)?.reason).toBe("A block hash goes after #/block/hash/.");
    expect(unreadableDetail("#/tx/ABC")).toEqual({ kind: "tx", reason: "A hash has 64 hex digits; this has 3." });
    expect(unreadableDetail(`#/tx/0x${hash}`)).toEqual({ kind: "tx", reason: `Leave out the 0x: the hash alone, ${hash.toUpperCase()}.` });
    expect(unreadableDetail(`#/block/hash/0X${hash}`)?.reason).toBe(`Leave out the 0x: the hash alone, ${hash.toUpperCase()}.`);
    expect(unreadableDetail(`#/block/hash/${hash}zz`)).toEqual({ kind: "block", reason: "A hash has 64 hex digits, 0 to 9 and A to F only." });
    expect(unreadableDetail("#/account/COSMOS1ABCDEFGH")?.kind).toBe("account");
    expect(unreadableDetail("#/block/%")?.kind).toBe("block");
    // Fragments that read, and fragments that are no detail, are not its business.
    expect(unreadableDetail("#/block/42")).toBeUndefined();
    expect(unreadableDetail(`#/tx/${hash}`)).toBeUndefined();
    expect(unreadableDetail("#/blocks")).toBeUndefined();
    expect(unreadableDetail("#/nowhere")).toBeUndefined();
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
