import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessClient, parseRetryAfter } from "./access-client.js";
import { AccessError, AccessUnreachableError } from "./access-errors.js";

/**
 * Answers the real service gives rarely or never on demand (rate limits, a broken proxy, a hung
 * service), played by a loopback server; the normal answers are tested against the real service
 * in tx.integration.test.ts.
 */
let handle: (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
/** A transaction as the service answers it. */
const TX = {
  txHash: "A".repeat(64), from: "cosmos1sender", to: "cosmos1recipient", amount: "5ucomet", status: "queued", source: "submitted", nonce: "7",
  memo: "", fee: "500ucomet", gas: "200000", timeoutHeight: "0", createdAt: "2026-01-01T00:00:00.000Z", history: [{ status: "queued", at: "2026-01-01T00:00:00.000Z" }],
};
// Generous by default: the machine may be busy; only the hung-service case uses a short timeout.
const client = (extra: object = {}) => createAccessClient({ baseUrl, token: async () => "tok", timeoutMs: 10_000, ...extra });

describe("the access client", () => {
  it("sends the bearer token and hands a 429 with a long Retry-After to the caller", async () => {
    let auth: string | undefined;
    handle = (req, res) => {
      auth = req.headers.authorization;
      res.writeHead(429, { "content-type": "application/json", "retry-after": "30" }).end(JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }));
    };
    const error = await client().list({ limit: 5 }).catch((e: unknown) => e);
    expect(auth).toBe("Bearer tok");
    expect(error).toBeInstanceOf(AccessError);
    expect(error).toMatchObject({ status: 429, serviceCode: "rate_limited", code: "access_rate_limited", message: "slow down", retryAfter: 30 });
  });

  it("waits out a short Retry-After and repeats a read, but never a cancel", async () => {
    const seen: string[] = [];
    handle = (req, res) => {
      seen.push(`${req.method} ${Date.now()}`);
      if (seen.length === 1 || req.method === "DELETE") {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" }).end(JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }));
      } else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ transactions: [] }));
    };
    await expect(client().list({})).resolves.toEqual({ transactions: [] });
    expect(seen).toHaveLength(2);
    // The second try came after the wait the service asked for, not at once.
    expect(Number(seen[1]!.split(" ")[1]) - Number(seen[0]!.split(" ")[1])).toBeGreaterThanOrEqual(900);
    seen.length = 0;
    await expect(client().cancel("AB")).rejects.toMatchObject({ status: 429, retryAfter: 1 });
    expect(seen).toHaveLength(1);
  });

  it("sends a cut submission again with the identical bytes until it is answered, but never a cut cancel", async () => {
    const bodies: string[] = [];
    let cancels = 0;
    handle = (req, res) => {
      if (req.method === "DELETE") {
        cancels++;
        return void req.socket.destroy();
      }
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        bodies.push(body);
        // The first two are cut after the service read them: stored perhaps, never answered.
        if (bodies.length <= 2) return void req.socket.destroy();
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(TX));
      });
    };
    const signed = { from: TX.from, to: TX.to, amount: TX.amount, nonce: "7", signature: "c2lnbmF0dXJl", memo: "ünïcode ⟨memo⟩" };
    await expect(client().submit(signed)).resolves.toMatchObject({ txHash: TX.txHash });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual(signed);
    await expect(client().cancel(TX.txHash)).rejects.toBeInstanceOf(AccessUnreachableError);
    expect(cancels).toBe(1);
  });

  it("gives a cut submission up after submitRetryMs, and hands the caller the error", async () => {
    let tries = 0;
    handle = (req) => {
      tries++;
      req.socket.destroy();
    };
    const started = Date.now();
    await expect(client({ submitRetryMs: 1_000 }).submit({ from: TX.from, to: TX.to, amount: TX.amount, nonce: "7", signature: "c2ln" })).rejects.toMatchObject({ code: "access_unreachable", connectionLost: true });
    expect(tries).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("99999999", now)).toBe(86_400);
  });

  it("treats a non-JSON answer, a hung service and a too-large body as unreachable", async () => {
    handle = (_req, res) => res.writeHead(502).end("<html>Bad gateway</html>");
    await expect(client().info()).rejects.toBeInstanceOf(AccessUnreachableError);
    handle = () => {};
    await expect(client({ timeoutMs: 300 }).info()).rejects.toMatchObject({ code: "access_timeout" });
    handle = (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(`{"pad":"${"x".repeat(2 << 20)}"}`);
    await expect(client({ maxBytes: 1 << 20 }).info()).rejects.toThrow(/too large/);
  });

  it("refuses a 200 whose body is not what the interface promises", async () => {
    handle = (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ transactions: [{ txHash: 1 }] }));
    await expect(client().list({})).rejects.toThrow(/unexpected answer/);
  });
});
