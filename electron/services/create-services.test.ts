import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import { createServices, type Services } from "./create-services.js";

/** The real composition root, with no network reachable: only what does not need a node. */
let services: Services;
afterAll(() => services?.close());

describe("the composition root", () => {
  it("registers a handler for every contract method", async () => {
    services = await createServices({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-services-")), tokenStore: { kind: "memory" } });
    for (const name of METHOD_NAMES) {
      const answer = await services.dispatcher.dispatch(name, { definitelyNotAnArgument: 1 });
      // invalid_args proves the method is known and its handler registered; unknown_method would not.
      expect(answer, name).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    }
  });

  it("seeds well-known networks and answers without a devnet", async () => {
    const list = await services.dispatcher.dispatch("network.list", {});
    expect(list).toMatchObject({ ok: true });
    const ids = (list as { value: { networks: Array<{ id: string; chainId: string }> } }).value.networks.map((n) => n.chainId);
    expect(ids).toEqual(expect.arrayContaining(["cosmoshub-4", "osmosis-1"]));
    expect(await services.dispatcher.dispatch("app.ping", {})).toEqual({ ok: true, value: { pong: true } });
  });

  it("never hands a token back, only whether there is one", async () => {
    expect(await services.dispatcher.dispatch("network.update", { id: "cosmoshub", patch: { accessUrl: "https://access.example.com" } })).toMatchObject({ ok: true });
    const set = await services.dispatcher.dispatch("network.setToken", { id: "cosmoshub", token: "s3cret-token" });
    expect(set).toEqual({ ok: true, value: { hasToken: true, plainHttp: false } });
    const everything = JSON.stringify(await Promise.all(METHOD_NAMES.filter((m) => !m.startsWith("chain.")).map((m) => services.dispatcher.dispatch(m, m === "network.tokenStatus" ? { id: "cosmoshub" } : {}))));
    expect(everything).not.toContain("s3cret-token");
  });
});
