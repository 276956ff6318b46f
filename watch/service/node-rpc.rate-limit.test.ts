import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestBudgets } from "../../shared/net/request-budget.js";
import { NodeRateLimitedError, NodeRpcError, networkRpcReads, nodeRpcClient } from "./node-rpc.js";

// The service's reads behind a node that refuses for load, on a loopback server: the refusal is
// waited out within the bound and asked again, and past the bound it is said with the code the
// probe reads as rate-limited (rpc_rate_limited), never as a node that does not answer.
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const STATUS = {
  node_info: { id: "a06d7b808b4211b53bf0c67d16a8a366c75b2a5b", moniker: "public", version: "0.38.22" },
  sync_info: { latest_block_height: "42", earliest_block_height: "1", latest_block_time: "2026-12-07T00:00:00.000Z", catching_up: false },
};

/** A node whose nth request (from 1) is answered as `refuse(n)` says: a refusal's status and Retry-After, or the status answer. */
async function node(refuse: (n: number) => { status: number; retryAfter?: string } | undefined) {
  let requests = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const refusal = refuse(++requests);
      if (refusal) {
        res.writeHead(refusal.status, refusal.retryAfter === undefined ? {} : { "retry-after": refusal.retryAfter });
        res.end("slow down");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: STATUS }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

describe("the service's reads of a node that rate-limits", () => {
  it("waits out a 429's Retry-After within the bound and asks again, in the node's budget", async () => {
    const n = await node((i) => (i === 1 ? { status: 429, retryAfter: "0" } : undefined));
    const budgets = createRequestBudgets();
    expect((await nodeRpcClient(n.url, { budgets }).status()).height).toBe("42");
    expect(n.requests()).toBe(2);
    const stats = budgets.of(n.url).stats();
    expect(stats.perMinute).toBe(2);
    expect(stats.refusedPerMinute).toBe(1);
  });

  it("rests the node for a Retry-After of a second, then answers", async () => {
    const n = await node((i) => (i === 1 ? { status: 429, retryAfter: "1" } : undefined));
    const started = Date.now();
    expect((await nodeRpcClient(n.url, { budgets: createRequestBudgets() }).status()).moniker).toBe("public");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(n.requests()).toBe(2);
  });

  it("past the bound fails as rate-limited, with the code the probe reads, and sends nothing more while the node rests", async () => {
    const n = await node(() => ({ status: 429, retryAfter: "60" }));
    const budgets = createRequestBudgets();
    const client = nodeRpcClient(n.url, { budgets });
    const first = await client.status().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(NodeRateLimitedError);
    expect(first).toMatchObject({ code: "rpc_rate_limited", retryAfterSeconds: 60 });
    // Its rest is kept: the next read fails at once, without asking the node.
    await expect(client.status()).rejects.toMatchObject({ code: "rpc_rate_limited" });
    expect(n.requests()).toBe(1);
  });

  it("reads a 503 with a Retry-After as a refusal for load, and a 503 without one as a node that does not answer", async () => {
    const limited = await node(() => ({ status: 503, retryAfter: "120" }));
    await expect(nodeRpcClient(limited.url, { budgets: createRequestBudgets() }).status()).rejects.toMatchObject({ code: "rpc_rate_limited" });
    const failing = await node(() => ({ status: 503 }));
    const error = await nodeRpcClient(failing.url, { budgets: createRequestBudgets() }).status().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeRpcError);
    expect(error).not.toHaveProperty("code");
  });

  it("asks a network's other node first while one rests after a refusal", async () => {
    const resting = await node(() => ({ status: 429, retryAfter: "60" }));
    const other = await node(() => undefined);
    const budgets = createRequestBudgets();
    const reads = networkRpcReads([resting.url, other.url], { budgets });
    expect(await reads.latestHeight()).toBe(42n);
    expect(await reads.latestHeight()).toBe(42n);
    expect([resting.requests(), other.requests()]).toEqual([1, 2]);
  });
});
