import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Alert } from "../shared/contract/watch.js";
import { createWebhookSender, type WebhookBody } from "./webhook.js";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

/** A loopback receiver; `handle` decides how it answers each request. */
async function receiver(handle: (body: string, req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => handle(body, req, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const alert: Alert = {
  id: "a1", networkId: "devnet", key: "node_down:http://127.0.0.1:1", kind: "node_down", subject: "http://127.0.0.1:1",
  title: "Node down", message: "no answer", firedAt: "2026-01-01T00:00:00.000Z", clearedAt: null, acknowledgedAt: null, snoozedUntil: null,
};

describe("the alert webhook", () => {
  it("POSTs each alert as JSON, in order", async () => {
    const got: Array<{ body: WebhookBody; type: string | undefined; method: string | undefined }> = [];
    const url = await receiver((body, req, res) => {
      got.push({ body: JSON.parse(body) as WebhookBody, type: req.headers["content-type"], method: req.method });
      res.end("ok");
    });
    const hook = createWebhookSender();
    hook.send(url, 2000, { source: "cometdesk", change: "fired", alert });
    hook.send(url, 2000, { source: "cometdesk", change: "cleared", alert: { ...alert, clearedAt: "2026-01-01T00:01:00.000Z" } });
    await hook.settled();
    expect(got.map((g) => [g.method, g.type, g.body.change])).toEqual([["POST", "application/json", "fired"], ["POST", "application/json", "cleared"]]);
    expect(got[0]!.body.alert).toEqual(alert);
    expect(hook.lastError()).toBeNull();
  });

  it("never makes the caller wait for a receiver that hangs, gives up after the timeout and says why", async () => {
    const url = await receiver(() => {}); // never answers
    const hook = createWebhookSender();
    const before = performance.now();
    hook.send(url, 300, { source: "cometdesk", change: "fired", alert });
    expect(performance.now() - before).toBeLessThan(50); // send only queues
    await hook.settled();
    expect(hook.lastError()).toBe("the webhook did not answer within 300 ms");
  });

  it("reports a receiver that refuses, and one that is not there", async () => {
    const url = await receiver((_, __, res) => ((res.statusCode = 500), res.end()));
    const hook = createWebhookSender();
    hook.send(url, 2000, { source: "cometdesk", change: "fired", alert });
    await hook.settled();
    expect(hook.lastError()).toBe("the webhook answered HTTP 500");
    hook.send("http://127.0.0.1:1/hook", 2000, { source: "cometdesk", change: "fired", alert });
    await hook.settled();
    expect(hook.lastError()).toMatch(/^the webhook could not be reached/);
  });
});
