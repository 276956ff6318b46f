import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { EventPayload } from "../../../shared/events.js";
import { TEST_PORT_BASE } from "../../../devnet/test/global-setup.js";
import { until } from "../../../devnet/test/until.js";
import { ServiceConfig } from "../../../watch/service/config.js";
import { startWatchService } from "../../../watch/service/service.js";
import { createServices, type Services } from "../create-services.js";

/**
 * Main following a watch service that watches the test devnet: the service raises a node-down
 * alert for a node that never answers, and main hears of it as a `watch.alert` event and a
 * desktop notification; alerts raised while the app is closed are told at its next start, and
 * none is told twice, even when the restarted service gives its whole history again.
 */
const info = inject("devnet");
const TOKEN = "remote-watch-test-token-0123456789";
// A fixed port: the service restarts on the same address, as an operator's does.
const PORT = TEST_PORT_BASE + 640;
let dir: string;
let service: Awaited<ReturnType<typeof startWatchService>> | undefined;
const opened: Services[] = [];

const startService = () =>
  startWatchService(
    ServiceConfig.parse({
      dataDir: join(dir, "service"),
      listen: { host: "127.0.0.1", port: PORT },
      token: TOKEN,
      pollIntervalMs: 300,
      probeIntervalMs: 500,
      networks: [{ id: "devnet", name: "Devnet", chainId: info.chainId, bech32Prefix: info.bech32Prefix, rpcUrls: [info.nodes[0]!.rpc], validators: [], nodes: [] }],
    }),
    { logger: pino({ level: "silent" }) },
  );

/** A loopback URL where nothing listens: a node the watch finds down at once. */
async function deadNode(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** The app's services on `dataDir` (a token file, as the browser mode keeps it), with what it emitted and notified. */
async function openApp(dataDir: string) {
  const changes: Array<EventPayload<"watch.alert">> = [];
  const notified: string[] = [];
  const services = await createServices({ dataDir, tokenStore: { kind: "file" }, notifier: { notify: (title) => void notified.push(title) } });
  opened.push(services);
  services.events.listen((event, payload) => {
    if (event === "watch.alert") changes.push(payload as EventPayload<"watch.alert">);
  });
  const call = async (method: string, args: unknown = {}) => {
    const answer = await services.dispatcher.dispatch(method, args);
    if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
    return answer.value as Record<string, unknown>;
  };
  const refusal = async (method: string, args: unknown) => {
    const answer = await services.dispatcher.dispatch(method, args);
    if (answer.ok) throw new Error(`${method} was not refused`);
    return answer.error;
  };
  services.start();
  return { services, changes, notified, call, refusal };
}

const api = (path: string, init: RequestInit = {}) => fetch(`${service!.url}${path}`, { ...init, headers: { authorization: `Bearer ${TOKEN}`, ...(init.body ? { "content-type": "application/json" } : {}) } });
const told = (changes: Array<EventPayload<"watch.alert">>, change: string, subject: string) => changes.filter((c) => c.change === change && c.alert.subject === subject);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "remote-watch-"));
  service = await startService();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the app following a remote watch", () => {
  it("checks the service before keeping it, hears its alerts as they fire, and after being closed tells what it missed, none twice", { timeout: 180_000 }, async () => {
    const appDir = join(dir, "app");
    const first = await openApp(appDir);
    const network = await first.call("network.add", {
      name: "Devnet watched remotely", chainId: info.chainId, accessUrl: null, rpcUrls: [info.nodes[0]!.rpc], bech32Prefix: info.bech32Prefix,
      denoms: [{ base: info.denom, display: "COMET", exponent: 6 }], defaultDenom: info.denom, gasPrices: { denom: info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct",
    });
    const networkId = network.id as string;
    await first.call("network.select", { id: networkId });

    // Refused in words before anything is kept: a wrong token, a server that is no watch service, a network of another chain.
    expect((await first.refusal("watch.connect", { networkId, url: service!.url, token: "not-the-token" })).code).toBe("watch_remote_unauthorized");
    expect((await first.refusal("watch.connect", { networkId, url: info.nodes[0]!.rpc, token: TOKEN })).code).toBe("watch_remote_invalid");
    expect((await first.refusal("watch.connect", { networkId, url: service!.url, token: TOKEN, serviceNetworkId: "mainnet" })).message).toContain('watches no network "mainnet"');
    expect(await first.call("watch.connection", { networkId })).toEqual({ source: "local" });

    const connected = await first.call("watch.connect", { networkId, url: service!.url, token: TOKEN });
    expect(connected).toMatchObject({ source: "remote", url: service!.url, serviceNetworkId: "devnet", error: null });
    const status = await first.call("watch.status", { networkId });
    expect(status.networkId).toBe(networkId);
    expect(status.connection).toMatchObject({ source: "remote", url: service!.url });

    // Alerts clear at once once their node is gone: the catch-up below has a clearing to tell.
    const rules = (status.config as { rules: Record<string, unknown> }).rules;
    await first.call("watch.setRules", { networkId, rules: { ...rules, clearAfterSeconds: 0 } });
    const dead = await deadNode();
    await first.call("watch.addNode", { networkId, url: dead });
    // The service's table already has it, and its own node, however typed: refused in words, as for a local watch.
    expect((await first.refusal("watch.addNode", { networkId, url: `${dead}/` })).message).toBe("That node is in the table already: you added it before.");
    expect((await first.refusal("watch.addNode", { networkId, url: info.nodes[0]!.rpc.toUpperCase().replace("HTTP://", "http://") })).message).toContain("one of Devnet watched remotely's own nodes");
    const fired = await until("the remote node-down alert reaches main", 60, async () => told(first.changes, "fired", dead)[0]);
    expect(fired.alert.networkId).toBe(networkId);
    expect(first.notified.some((t) => t.includes("Devnet watched remotely"))).toBe(true);
    const alerts = (await first.call("watch.alerts", { networkId })).alerts as Array<{ id: string; subject: string }>;
    expect(alerts.some((a) => a.id === fired.alert.id)).toBe(true);
    const acknowledged = await first.call("watch.acknowledge", { id: fired.alert.id });
    expect(acknowledged.acknowledgedAt).not.toBeNull();

    // The app closes; meanwhile the service clears that alert and raises another.
    await first.services.close();
    const [second, more, yetMore] = [await deadNode(), await deadNode(), await deadNode()];
    expect((await api("/v1/networks/devnet/lists", { method: "PUT", body: JSON.stringify({ validators: [], nodes: [second, more, yetMore] }) })).status).toBe(200);
    await until("the service clears the first alert and raises three", 60, async () => {
      const { alerts: all } = (await (await api("/v1/history?networkId=devnet")).json()) as { alerts: Array<{ subject: string; clearedAt: string | null }> };
      return all.some((a) => a.subject === dead && a.clearedAt) && [second, more, yetMore].every((n) => all.some((a) => a.subject === n)) ? true : undefined;
    });

    const again = await openApp(appDir);
    await until("the missed firings and clearing are told at the next start", 30, async () => (told(again.changes, "fired", yetMore).length && told(again.changes, "cleared", dead).length ? true : undefined));
    expect(told(again.changes, "fired", dead)).toEqual([]);
    // Four changes missed: one notification says them all.
    expect(again.notified).toEqual(["4 watch changes on Devnet watched remotely while away"]);

    // The service restarts: its numbering starts again and it gives its history; only a new alert is told.
    await service!.close();
    const silent = await until("the app says the service is not answering", 30, async () => {
      const c = (await again.call("watch.connection", { networkId })) as { error: string | null };
      return c.error ?? undefined;
    });
    expect(silent).toContain(service!.url);
    service = await startService();
    const third = await deadNode();
    expect((await api("/v1/networks/devnet/lists", { method: "PUT", body: JSON.stringify({ validators: [], nodes: [second, more, yetMore, third] }) })).status).toBe(200);
    await until("an alert raised after the service restarted reaches main", 60, async () => told(again.changes, "fired", third)[0]);
    expect(told(again.changes, "fired", second)).toHaveLength(1);
    expect(told(again.changes, "cleared", dead)).toHaveLength(1);
    expect(told(again.changes, "fired", dead)).toEqual([]);
    const heard = (await again.call("watch.connection", { networkId })) as { lastHeardAt: string | null; error: string | null };
    expect(heard.error).toBeNull();
    expect(heard.lastHeardAt).not.toBeNull();

    expect(await again.call("watch.disconnect", { networkId })).toEqual({ source: "local" });
    expect((await again.call("watch.status", { networkId })).connection).toEqual({ source: "local" });
  });
});
