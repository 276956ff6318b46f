import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { schemaErrors } from "./test/openapi-check.js";
import { aminoWallet, call, signTransfer, startTestService, type TestService, waitFor } from "./test/access-client.js";
import { createTestDatabase } from "./test/test-storage.js";

/**
 * The database goes away under a running replica (a loopback TCP relay in front of the real
 * PostgreSQL, closed and reopened): requests answer 503 and /health says why, nothing is a 500,
 * and everything works again once the database is back.
 */
const info = inject("devnet");
let relay: { port: number; close(): Promise<void>; open(): Promise<void> };
let database: { url: string; drop(): Promise<void> };
let svc: TestService;

/** A TCP relay to `target` on a fixed loopback port, that can drop every connection and refuse new ones. */
async function startRelay(targetPort: number): Promise<typeof relay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      const opening = createServer((client) => {
        const upstream = connect(targetPort, "127.0.0.1");
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      opening.once("error", reject);
      opening.listen(port, "127.0.0.1", () => {
        const address = opening.address();
        if (typeof address === "object" && address) port = address.port;
        server = opening;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    async close() {
      for (const s of sockets) s.destroy();
      const closing = server;
      server = undefined;
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    open,
  };
}

beforeAll(async () => {
  const admin = new URL(inject("postgres")!.url);
  database = await createTestDatabase(admin.toString());
  relay = await startRelay(Number(admin.port));
  const viaRelay = new URL(database.url);
  viaRelay.port = String(relay.port);
  svc = await startTestService(info, { store: viaRelay.toString(), holdMs: 60_000, logLevel: "silent" });
});
afterAll(async () => {
  await relay?.open(); // the service closes cleanly only with its database there
  await svc?.dispose();
  await relay?.close();
  await database?.drop();
});

describe("a replica whose database goes away", () => {
  it("answers 503 (never 500) while it is gone, says so on /health, and recovers when it is back", { timeout: 120_000 }, async () => {
    const healthy = await call(svc.url, undefined, "GET", "/health");
    expect(healthy).toMatchObject({ status: 200, body: { status: "ok", store: { kind: "postgres", reachable: true } } });
    expect(schemaErrors("Health", healthy.body)).toEqual([]);
    const { wallet, address } = await aminoWallet(info, "carol");
    const bob = info.accounts.find((a) => a.name === "bob")!.address;
    const body = await signTransfer(svc.url, svc.token, wallet, { from: address, to: bob, amount: "9" });

    await relay.close();
    const down = await waitFor("/health to say the database is gone", async () => {
      const h = await call(svc.url, undefined, "GET", "/health");
      return h.status === 503 ? h : undefined;
    }, 30_000);
    expect(down.body).toMatchObject({ status: "unavailable", store: { kind: "postgres", reachable: false } });
    expect(schemaErrors("Health", down.body)).toEqual([]);
    for (const [method, path, payload] of [["GET", "/transactions"], ["GET", `/transactions/${"A".repeat(64)}`], ["POST", "/transactions", body], ["DELETE", `/transactions/${"A".repeat(64)}`]] as const) {
      const answer = await call(svc.url, svc.token, method, path, payload);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body).toMatchObject({ error: { code: "unavailable" } });
    }

    await relay.open();
    await waitFor("/health to be ok again", async () => ((await call(svc.url, undefined, "GET", "/health")).status === 200 ? true : undefined), 30_000);
    const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(posted.status).toBe(202);
    expect((await call(svc.url, svc.token, "GET", `/transactions/${String(posted.body.txHash)}`)).body).toMatchObject({ status: "queued" });
    expect((await call(svc.url, svc.token, "DELETE", `/transactions/${String(posted.body.txHash)}`)).body).toMatchObject({ status: "cancelled" });
  });
});
