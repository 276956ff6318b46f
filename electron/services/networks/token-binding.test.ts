import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services.js";

/** A loopback server that records the Authorization header of every request it gets. */
async function captureServer() {
  const seen: Array<{ path: string; authorization: string | undefined }> = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? "/", authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end('{"transactions":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});
afterAll(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function open(dataDir: string, tokens: "memory" | "file" = "memory"): Promise<Services & { call(method: string, args?: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> }> {
  const services = await createServices({ dataDir, tokenStore: { kind: tokens } });
  opened.push(services);
  return Object.assign(services, { call: (method: string, args: unknown = {}) => services.dispatcher.dispatch(method, args) });
}

const network = (accessUrl: string) => ({
  name: "Bound net", chainId: "bound-1", accessUrl, rpcUrls: [], bech32Prefix: "cosmos",
  denoms: [{ base: "ubound", display: "BOUND", exponent: 6 }], defaultDenom: "ubound", rpcVia: "access",
});
const TOKEN = "bound-token-that-must-stay-home";

describe("an access token bound to the origin it was set for", () => {
  it("is dropped when the network's access URL moves to another origin: no call carries it there", async () => {
    const [a, b] = [await captureServer(), await captureServer()];
    opened.push(a, b);
    const app = await open(mkdtempSync(join(tmpdir(), "cometdesk-bound-")));
    const added = await app.call("network.add", network(a.url));
    const id = (added.value as { id: string }).id;
    await app.call("network.select", { id });
    expect(await app.call("network.setToken", { id, token: TOKEN })).toEqual({ ok: true, value: { hasToken: true, plainHttp: false } });
    expect(await app.call("tx.list", {})).toMatchObject({ ok: true });
    // Selected, the network's chain is read through the service's /rpc once (describe-on-use.ts): the service's own origin.
    expect(a.seen.filter((r) => !r.path.startsWith("/rpc")).map((r) => r.authorization)).toEqual([`Bearer ${TOKEN}`]);

    // The same origin under another path keeps it; another port is another origin.
    expect(await app.call("network.update", { id, patch: { accessUrl: `${a.url}/v1` } })).toMatchObject({ ok: true });
    expect(await app.call("network.tokenStatus", { id })).toEqual({ ok: true, value: { hasToken: true, plainHttp: false } });
    expect(await app.call("network.update", { id, patch: { accessUrl: b.url } })).toMatchObject({ ok: true });
    expect(await app.call("network.tokenStatus", { id })).toEqual({ ok: true, value: { hasToken: false, plainHttp: false } });
    expect(await app.call("tx.list", {})).toMatchObject({ ok: false, error: { code: "no_token" } });
    await app.call("chain.status", {}); // explorer calls go through the access service's /rpc
    expect(b.seen.length).toBeGreaterThan(0);
    expect(b.seen.filter((r) => r.authorization !== undefined)).toEqual([]);

    // Set again for the new origin, it is sent there.
    await app.call("network.setToken", { id, token: "the-new-services-token" });
    expect(await app.call("tx.list", {})).toMatchObject({ ok: true });
    expect(b.seen.at(-1)?.authorization).toBe("Bearer the-new-services-token");
  });

  it("is not sent to a URL changed behind its back (networks.json edited while the app was closed)", async () => {
    const [a, b] = [await captureServer(), await captureServer()];
    opened.push(a, b);
    const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bound-"));
    const first = await open(dataDir, "file");
    const id = ((await first.call("network.add", network(a.url))).value as { id: string }).id;
    await first.call("network.select", { id });
    await first.call("network.setToken", { id, token: TOKEN });
    await first.close();
    const path = join(dataDir, "networks.json");
    writeFileSync(path, readFileSync(path, "utf8").replaceAll(a.url, b.url));

    const second = await open(dataDir, "file");
    expect(await second.call("network.tokenStatus", { id })).toEqual({ ok: true, value: { hasToken: false, plainHttp: false } });
    expect(await second.call("tx.list", {})).toMatchObject({ ok: false, error: { code: "no_token" } });
    await second.call("chain.status", {});
    expect(b.seen.filter((r) => r.authorization !== undefined)).toEqual([]);
    expect(JSON.stringify(b.seen)).not.toContain(TOKEN);
  });

  it("goes over plain http to another machine only when the user chose that, and says so", async () => {
    const app = await open(mkdtempSync(join(tmpdir(), "cometdesk-bound-")));
    const id = ((await app.call("network.add", network("http://access.example.com:26650"))).value as { id: string }).id;
    expect(await app.call("network.setToken", { id, token: TOKEN })).toMatchObject({ ok: false, error: { code: "token_plain_http" } });
    expect(await app.call("network.tokenStatus", { id })).toEqual({ ok: true, value: { hasToken: false, plainHttp: false } });
    expect(await app.call("network.setToken", { id, token: TOKEN, allowPlainHttp: true })).toEqual({ ok: true, value: { hasToken: true, plainHttp: true } });
    // Moving it to https is another origin: the choice and the token go with the old URL.
    await app.call("network.update", { id, patch: { accessUrl: "https://access.example.com" } });
    expect(await app.call("network.tokenStatus", { id })).toEqual({ ok: true, value: { hasToken: false, plainHttp: false } });
    expect(await app.call("network.setToken", { id, token: TOKEN })).toEqual({ ok: true, value: { hasToken: true, plainHttp: false } });
  });
});
