import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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

/** A user network whose only node is a closed loopback port: nothing answers, nothing leaves the machine. */
const closedNetwork = (name: string, port: number) => ({
  name, chainId: `${name.toLowerCase()}-1`, accessUrl: null, rpcUrls: [`http://127.0.0.1:${port}`], bech32Prefix: "cosmos",
  denoms: [{ base: "stake", display: "stake", exponent: 0 }], defaultDenom: "stake", rpcVia: "direct",
});
const idOf = (answer: unknown) => (answer as { value: { id: string } }).value.id;

describe("a network's clients", () => {
  it("are let go when the network is deleted", async () => {
    const own = await createServices({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-services-")), tokenStore: { kind: "memory" }, rpc: { timeoutMs: 2_000, retries: 0 } });
    try {
      const added = await own.dispatcher.dispatch("network.add", closedNetwork("Closed", 9));
      expect(added, JSON.stringify(added)).toMatchObject({ ok: true });
      const before = (await own.dispatcher.dispatch("network.list", {})) as { value: { selectedId: string } };
      expect(await own.dispatcher.dispatch("network.select", { id: idOf(added) })).toMatchObject({ ok: true });
      // Direct mode: the account is read through the network's own node client, made on first use.
      const account = await own.dispatcher.dispatch("tx.account", { address: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu" });
      expect(account).toMatchObject({ ok: false });
      expect(own.networkClients().direct).toBe(1);
      expect(await own.dispatcher.dispatch("network.select", { id: before.value.selectedId })).toMatchObject({ ok: true });
      expect(own.networkClients().direct).toBe(1);
      expect(await own.dispatcher.dispatch("network.remove", { id: idOf(added) })).toMatchObject({ ok: true });
      expect(own.networkClients()).toEqual({ direct: 0, watch: 0 });
    } finally {
      await own.close();
    }
  });

  it("a watched network that is not selected is followed as edited, and no more once deleted", async () => {
    const own = await createServices({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-services-")), tokenStore: { kind: "memory" }, rpc: { timeoutMs: 2_000, retries: 0 } });
    try {
      const selected = idOf(await own.dispatcher.dispatch("network.add", closedNetwork("Selected", 9)));
      const watched = idOf(await own.dispatcher.dispatch("network.add", closedNetwork("Watched", 7)));
      expect(await own.dispatcher.dispatch("network.select", { id: selected })).toMatchObject({ ok: true });
      const counts: number[] = [];
      own.onWatchingChange(() => counts.push(own.watching()));
      own.start();
      expect(counts).toEqual([1]);
      const watching = await own.dispatcher.dispatch("watch.addNode", { networkId: watched, url: "http://127.0.0.1:13" });
      expect(watching, JSON.stringify(watching)).toMatchObject({ ok: true });
      expect(own.watching()).toBe(2);
      expect(own.networkClients().watch).toBe(1);
      // Edited while another is selected: the watch follows the network as it now is.
      expect(await own.dispatcher.dispatch("network.update", { id: watched, patch: { name: "Renamed", rpcUrls: ["http://127.0.0.1:11"] } })).toMatchObject({ ok: true });
      const listed = (await own.dispatcher.dispatch("watch.networks", {})) as { value: { networks: Array<{ networkId: string; name: string }> } };
      expect(listed.value.networks.find((n) => n.networkId === watched)?.name).toBe("Renamed");
      expect(await own.dispatcher.dispatch("network.remove", { id: watched })).toMatchObject({ ok: true });
      expect(own.watching()).toBe(1);
      // Told when the number changed, and only then (the rename above left it at 2).
      expect(counts).toEqual([1, 2, 1]);
      expect(own.networkClients()).toEqual({ direct: 0, watch: 0 });
    } finally {
      await own.close();
    }
  });
});

describe("sends signed before a restart", () => {
  it("are kept, not an error on every try, when their network was deleted meanwhile", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-services-"));
    // A send to an access service whose network the user has since removed (the outbox keeps it).
    const send = {
      requestId: "req-1", networkId: "removed-network", txHash: "A".repeat(64), from: "cosmos1from", to: "cosmos1to", amount: "1stake", nonce: "0",
      state: "signed", createdAt: "2026-11-27T00:00:00.000Z", kind: "Transfer",
      accessTx: { txBytes: "AAAA", fee: "1stake", timeoutHeight: "100" },
    };
    writeFileSync(join(dataDir, "outbox.json"), JSON.stringify({ version: 1, sends: [send] }));
    const internal: string[] = [];
    const own = await createServices({ dataDir, tokenStore: { kind: "memory" }, onInternalError: (what, e) => internal.push(`${what}: ${e instanceof Error ? e.message : String(e)}`) });
    try {
      expect((await own.dispatcher.dispatch("app.problems", {})) as unknown).toEqual({ ok: true, value: { problems: [] } });
      own.start();
      // The first reconcile runs at start; a send it cannot place fails at once, before any I/O.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(internal).toEqual([]);
    } finally {
      await own.close();
    }
    const kept = JSON.parse(readFileSync(join(dataDir, "outbox.json"), "utf8")) as { sends: Array<{ requestId: string; state: string }> };
    expect(kept.sends).toEqual([expect.objectContaining({ requestId: "req-1", state: "signed" })]);
  });
});
