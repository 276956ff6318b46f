import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteWatchClient, RemoteWatchError } from "./remote-watch-client.js";

/** What the server at the client's URL answers next: a status and a body, as hostile as a test needs. */
let next: { status: number; body: string } = { status: 200, body: "{}" };
let seenAuth: string | undefined;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seenAuth = req.headers.authorization;
    res.writeHead(next.status, { "content-type": "application/json" }).end(next.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = () => createRemoteWatchClient({ url, token: async () => "secret-token-0123456789" });
const alert = { id: "a1", networkId: "devnet", key: "node_down:x", kind: "node_down", subject: "http://x", title: "Node down", message: "no answer", firedAt: "2026-01-01T00:00:00Z", clearedAt: null, acknowledgedAt: null, snoozedUntil: null };

async function refusal(run: () => Promise<unknown>): Promise<RemoteWatchError> {
  const error = await run().then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(RemoteWatchError);
  return error as RemoteWatchError;
}

describe("the remote watch client reads a watch service's answers as hostile", () => {
  it("reads a well-formed change answer and sends the token", async () => {
    next = { status: 200, body: JSON.stringify({ cursor: "abcdefgh.3", reset: false, more: false, changes: [{ change: "fired", alert }] }) };
    const answer = await client().changes("abcdefgh.2", 0);
    expect(answer.changes[0]?.alert.title).toBe("Node down");
    expect(seenAuth).toBe("Bearer secret-token-0123456789");
  });

  it("says the token was refused on a 401", async () => {
    next = { status: 401, body: JSON.stringify({ error: { code: "unauthorized", message: "no" } }) };
    expect((await refusal(() => client().status())).code).toBe("watch_remote_unauthorized");
  });

  it("refuses a body that is not JSON, a shape no watch service answers, and a cursor it never gives", async () => {
    next = { status: 200, body: "<html>login</html>" };
    expect((await refusal(() => client().status())).message).toMatch(/not JSON/);
    next = { status: 200, body: JSON.stringify({ networks: [{ networkId: "devnet" }] }) };
    expect((await refusal(() => client().status())).code).toBe("watch_remote_invalid");
    next = { status: 200, body: JSON.stringify({ cursor: "../../etc", reset: false, more: false, changes: [] }) };
    expect((await refusal(() => client().changes(undefined, 0))).code).toBe("watch_remote_invalid");
  });

  it("refuses an alert whose words exceed the contract's bounds and a kind it does not know", async () => {
    next = { status: 200, body: JSON.stringify({ alerts: [{ ...alert, title: "x".repeat(5000) }] }) };
    expect((await refusal(() => client().history("devnet", 10))).code).toBe("watch_remote_invalid");
    next = { status: 200, body: JSON.stringify({ ...alert, kind: "<script>" }) };
    expect((await refusal(() => client().acknowledge("a1"))).code).toBe("watch_remote_invalid");
  });

  it("passes on the service's worded refusal, and says an unknown alert is gone", async () => {
    next = { status: 400, body: JSON.stringify({ error: { code: "invalid_request", message: "rules.jailed: Required" } }) };
    expect((await refusal(() => client().routes())).message).toBe("The watch service refused: rules.jailed: Required");
    next = { status: 404, body: JSON.stringify({ error: { code: "alert_not_found", message: "That alert is not in the history." } }) };
    expect((await refusal(() => client().snooze("zz", 5))).code).toBe("alert_not_found");
  });

  it("refuses an answer nested too deep to parse safely", async () => {
    next = { status: 200, body: `${"[".repeat(10_000)}${"]".repeat(10_000)}` };
    expect((await refusal(() => client().routes())).code).toBe("watch_remote_invalid");
  });

  it("says no service answered at an address nothing listens on", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const e = await refusal(() => createRemoteWatchClient({ url: `http://127.0.0.1:${port}`, token: async () => "t" }).status());
    expect(e.code).toBe("watch_remote_unreachable");
    expect(e.message).toContain(`127.0.0.1:${port}`);
  });
});
