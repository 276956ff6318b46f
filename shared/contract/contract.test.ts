import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contract, isMethodName, METHOD_NAMES, methodSpec } from "./index.js";
import { SAFE_ROUTES } from "./safe-routes.js";

describe("the IPC contract", () => {
  it("names every method namespace.method, once", () => {
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
    for (const name of METHOD_NAMES) expect(name).toMatch(/^(addressBook|app|chain|network|offline|settings|tx|wallet|watch)\.[a-z][A-Za-z]+$/);
    expect(METHOD_NAMES.length).toBe(Object.values(contract).reduce((n, ns) => n + Object.keys(ns).length, 0));
  });

  it("covers every route of the five CometBFT RPC families", () => {
    const routes = [...SAFE_ROUTES, "broadcast_tx_sync", "broadcast_tx_async", "broadcast_tx_commit"];
    const camel = (r: string) => r.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    for (const route of routes) expect(isMethodName(`chain.${camel(route)}`), route).toBe(true);
  });

  it("has the wallet, transaction, network and settings methods the app needs", () => {
    for (const name of ["tx.list", "tx.get", "tx.signDoc", "tx.submit", "tx.cancel", "tx.exportCsv", "tx.outbox", "tx.funds", "wallet.balances", "addressBook.list", "addressBook.save", "addressBook.remove", "wallet.create", "wallet.import", "wallet.unlock", "wallet.lock",
      "wallet.status", "wallet.accounts", "wallet.addAccount", "wallet.reveal", "wallet.changePassword", "network.list",
      "network.add", "network.update", "network.remove", "network.select", "network.setToken", "network.clearToken", "network.tokenStatus",
      "settings.get", "settings.update", "chain.rawCall", "app.ping"]) {
      expect(isMethodName(name), name).toBe(true);
    }
  });

  it("asks main for actions, never for a signature over a sign doc of the caller's own", () => {
    expect(isMethodName("wallet.signAmino")).toBe(false);
    for (const name of METHOD_NAMES) {
      const spec = methodSpec(name)!;
      const args = JSON.stringify(z.toJSONSchema(spec.args, { unrepresentable: "any", io: "input" }));
      expect(args, `${name} takes a sign doc`).not.toMatch(/"(signDoc|sign_doc|account_number|signBytes)"/);
      const result = z.toJSONSchema(spec.result, { unrepresentable: "any" }) as { properties?: Record<string, unknown> };
      expect(Object.keys(result.properties ?? {}), `${name} answers a bare signature`).not.toContain("signature");
    }
  });

  it("refuses unknown keys, so a typo or an injected field never reaches a service", () => {
    expect(methodSpec("chain.block")!.args.safeParse({ height: "5", extra: 1 }).success).toBe(false);
    expect(methodSpec("chain.block")!.args.safeParse({ height: "5" }).success).toBe(true);
  });

  it("keeps the token out of every result: tokenStatus answers hasToken and plainHttp only", () => {
    const parsed = methodSpec("network.tokenStatus")!.result.parse({ hasToken: true, plainHttp: false, token: "secret" });
    expect(parsed).toEqual({ hasToken: true, plainHttp: false });
  });

  it("refuses console calls to routes outside the safe list", () => {
    const args = methodSpec("chain.rawCall")!.args;
    expect(args.safeParse({ route: "unsafe_flush_mempool" }).success).toBe(false);
    expect(args.safeParse({ route: "broadcast_tx_sync", params: {} }).success).toBe(false);
    expect(args.parse({ route: "status" })).toEqual({ route: "status", params: {}, method: "POST" });
  });

  it("takes big numbers and bytes as strings only", () => {
    const block = methodSpec("chain.block")!.args;
    expect(block.safeParse({ height: 5 }).success).toBe(false);
    expect(block.safeParse({ height: "-1" }).success).toBe(false);
    expect(block.safeParse({ height: "123456789012345678901234567890" }).success).toBe(true);
  });
});
