import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_WATCH_RULES } from "../../../shared/contract/watch.js";
import { createServices, type Services } from "../create-services.js";

// `watch.*` through the real composition root and dispatcher, with no node reachable: what the
// renderer may ask, what is refused, and what survives a restart.
const opened: Array<{ services: Services; dir: string }> = [];
afterEach(async () => {
  for (const { services, dir } of opened.splice(0)) {
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function open(dir = mkdtempSync(join(tmpdir(), "cometdesk-watch-handlers-"))) {
  const services = await createServices({ dataDir: dir, tokenStore: { kind: "memory" } });
  opened.push({ services, dir });
  return { call: (method: string, args: unknown) => services.dispatcher.dispatch(method, args), dir };
}

const HEX = "AB".repeat(20);

describe("watch.* through the dispatcher", () => {
  it("keeps a network's watch list, nodes, rules and webhook across a restart", async () => {
    const first = await open();
    expect(await first.call("watch.addValidator", { networkId: "cosmoshub", address: HEX.toLowerCase(), label: "mine" })).toMatchObject({ ok: true, value: { validators: [{ address: HEX, label: "mine" }] } });
    await first.call("watch.addNode", { networkId: "cosmoshub", url: "https://rpc.example.org" });
    const rules = { ...DEFAULT_WATCH_RULES, missedBlocks: { enabled: true, missed: 2, of: 4 } };
    await first.call("watch.setRules", { networkId: "cosmoshub", rules });
    await first.call("watch.setWebhook", { networkId: "cosmoshub", webhook: { url: "http://127.0.0.1:9/hook", timeoutMs: 1000 } });
    const again = await open(first.dir);
    const status = await again.call("watch.status", { networkId: "cosmoshub" });
    expect(status).toMatchObject({
      ok: true,
      value: { following: false, validators: [{ address: HEX, seen: 0, uptime: null }], config: { nodes: ["https://rpc.example.org"], rules, webhook: { url: "http://127.0.0.1:9/hook" } } },
    });
    // Another network's watch is its own.
    expect(await again.call("watch.status", { networkId: "osmosis" })).toMatchObject({ ok: true, value: { validators: [], config: { rules: DEFAULT_WATCH_RULES } } });
  });

  it("saves the rules and the webhook in one call, or neither", async () => {
    const s = await open();
    const rules = { ...DEFAULT_WATCH_RULES, nodeLagging: { enabled: true, blocks: 7 } };
    const webhook = { url: "https://hooks.example.org/cometdesk", timeoutMs: 2000 };
    expect(await s.call("watch.setRules", { networkId: "cosmoshub", rules, webhook })).toMatchObject({ ok: true, value: { rules, webhook } });
    // A webhook main refuses takes the rules down with it: the form's one save is all or nothing.
    const other = { ...DEFAULT_WATCH_RULES, clearAfterSeconds: 5 };
    expect(await s.call("watch.setRules", { networkId: "cosmoshub", rules: other, webhook: { url: "file:///etc/passwd", timeoutMs: 2000 } })).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    // Rules alone keep the webhook as it is.
    expect(await s.call("watch.setRules", { networkId: "cosmoshub", rules: other })).toMatchObject({ ok: true, value: { rules: other, webhook } });
    const again = await open(s.dir);
    expect(await again.call("watch.status", { networkId: "cosmoshub" })).toMatchObject({ ok: true, value: { config: { rules: other, webhook } } });
  });

  it("refuses what it cannot keep, and says why", async () => {
    const s = await open();
    expect(await s.call("watch.setRules", { networkId: "cosmoshub", rules: { ...DEFAULT_WATCH_RULES, missedBlocks: { enabled: true, missed: 9, of: 4 } } })).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    expect(await s.call("watch.setWebhook", { networkId: "cosmoshub", webhook: { url: "file:///etc/passwd", timeoutMs: 1000 } })).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    expect(await s.call("watch.addValidator", { networkId: "cosmoshub", address: "not an address" })).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    expect(await s.call("watch.addValidator", { networkId: "cosmoshub", address: "osmovaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqv6cdvl" })).toMatchObject({ ok: false, error: { code: "invalid_address" } });
    expect(await s.call("watch.addValidator", { networkId: "nosuchnetwork", address: HEX })).toMatchObject({ ok: false });
    expect(await s.call("watch.acknowledge", { id: "nope" })).toEqual({ ok: false, error: { code: "alert_not_found", message: "That alert is no longer in the history, so there is nothing to acknowledge." } });
    expect(await s.call("watch.snooze", { id: "nope", minutes: 60 })).toEqual({ ok: false, error: { code: "alert_not_found", message: "That alert is no longer in the history, so there is nothing to snooze." } });
    expect(await s.call("watch.alerts", {})).toEqual({ ok: true, value: { alerts: [] } });
    expect((await s.call("watch.status", { networkId: "cosmoshub" })) as { value: { validators: unknown[] } }).toMatchObject({ value: { validators: [] } });
  });

  it("refuses a node already in the table however it is typed, and a full list, in words", async () => {
    const s = await open();
    const own = "https://cosmos.rpc.uquad.org"; // one of the Cosmos Hub's own nodes in the registry
    for (const url of [`${own}/`, own.replace("https://cosmos", "HTTPS://COSMOS")]) {
      expect(await s.call("watch.addNode", { networkId: "cosmoshub", url })).toEqual({ ok: false, error: { code: "conflict", message: "That node is in the table already: it is one of Cosmos Hub's own nodes." } });
    }
    expect(await s.call("watch.addNode", { networkId: "cosmoshub", url: "http://10.0.0.1:26657" })).toMatchObject({ ok: true });
    expect(await s.call("watch.addNode", { networkId: "cosmoshub", url: "http://10.0.0.1:26657/" })).toEqual({ ok: false, error: { code: "conflict", message: "That node is in the table already: you added it before." } });
    for (let i = 1; i < 32; i++) expect(await s.call("watch.addNode", { networkId: "cosmoshub", url: `http://10.0.1.${i}:26657` })).toMatchObject({ ok: true });
    expect(await s.call("watch.addNode", { networkId: "cosmoshub", url: "http://10.0.2.1:26657" })).toEqual({ ok: false, error: { code: "conflict", message: "At most 32 added nodes per network: remove one before adding another." } });
    for (let i = 0; i < 200; i++) expect(await s.call("watch.addValidator", { networkId: "osmosis", address: i.toString(16).padStart(40, "0") })).toMatchObject({ ok: true });
    expect(await s.call("watch.addValidator", { networkId: "osmosis", address: "AB".repeat(20) })).toEqual({ ok: false, error: { code: "conflict", message: "At most 200 validators per network on the watch list: remove one before adding another." } });
    // One already on the full list may be given again (a new label).
    expect(await s.call("watch.addValidator", { networkId: "osmosis", address: "0".repeat(40), label: "again" })).toMatchObject({ ok: true });
  });
});
