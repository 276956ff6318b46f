import { describe, expect, it } from "vitest";
import { PAGE_SHORTCUTS, PAGES, parseLocation, parseRoute, routeHash, SHORTCUT_LIST } from "./page-chunks.js";

describe("the page table", () => {
  it("maps fragments to pages and falls back to the node page", () => {
    expect(parseRoute("#/networks")).toBe("networks");
    expect(parseRoute(routeHash("settings"))).toBe("settings");
    expect(parseRoute("#/settings?x=1")).toBe("settings");
    expect(parseRoute("")).toBe("node");
    expect(parseRoute("#/nope")).toBe("node");
    for (const page of PAGES) expect(parseRoute(routeHash(page.id))).toBe(page.id);
  });

  it("says when a fragment names no page, and only then", () => {
    expect(parseLocation("#/nope")).toEqual({ route: "node", unknownPage: "#/nope" });
    expect(parseLocation("#/Settings")).toEqual({ route: "node", unknownPage: "#/Settings" });
    expect(parseLocation("#nope?x=1")).toEqual({ route: "node", unknownPage: "#nope" });
    for (const start of ["", "#", "#/", "#/?x=1"]) expect(parseLocation(start), start).toEqual({ route: "node" });
    for (const page of PAGES) expect(parseLocation(routeHash(page.id))).toEqual({ route: page.id });
  });

  it("counts a detail as its parent page", () => {
    const hash = "ab".repeat(32);
    expect(parseLocation("#/block/42")).toEqual({ route: "blocks", detail: { kind: "block", height: "42" } });
    expect(parseLocation(`#/tx/${hash}`)).toEqual({ route: "blocks", detail: { kind: "tx", hash: hash.toUpperCase() } });
    expect(parseLocation("#/account/cosmos1abcdefgh")).toEqual({ route: "search", detail: { kind: "account", address: "cosmos1abcdefgh" } });
  });

  it("keeps the navigation's order and its shortcuts, as the menu's accelerators name them", () => {
    expect(PAGES.map((p) => p.label)).toEqual([
      "Dashboard", "Blocks", "Validators", "Mempool", "Consensus", "Genesis", "Search", "ABCI & RPC",
      "Node", "Watch", "Wallet", "Send", "Staking", "Governance", "My validator", "Transactions", "Networks", "Settings",
    ]);
    expect(PAGE_SHORTCUTS.map((s) => [s.key, s.route])).toEqual([
      ["1", "node"], ["2", "networks"], ["3", "wallet"], ["4", "send"], ["5", "transactions"], ["6", "staking"], ["7", "governance"], [",", "settings"],
    ]);
    expect(SHORTCUT_LIST.map((s) => `${s.keys} ${s.label}`)).toEqual([
      "Mod+1 Node", "Mod+2 Networks", "Mod+3 Wallet", "Mod+4 Send", "Mod+5 Transactions", "Mod+6 Staking", "Mod+7 Governance", "Mod+, Settings",
      "Mod+K Search a height, hash or address", "Mod+Shift+L Lock the wallet", "Mod+Shift+D Switch between light and dark theme",
    ]);
  });

  it("gives every route one page", () => {
    const ids = PAGES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
