import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type HostileNode, startHostileNode } from "../devnet/test/hostile-node.js";
import { ChainFollower } from "./lib/follower.js";
import { NodeClient } from "./lib/node-client.js";
import { aminoWallet, call, signTransfer, startTestService, type TestService } from "./test/access-client.js";
import { createTestStorage, openTestStore } from "./test/test-storage.js";

/**
 * The access service in front of a hostile node (forwarding to the real devnet node): a node
 * that trickles, floods, nests, mislabels, switches chains or dies gets a documented 502/504
 * within the upstream deadline, never a hang or a 500, and the service recovers with the node.
 */
const info = inject("devnet");
const address = info.accounts[0]!.address;
let node: HostileNode;
let svc: TestService;

beforeAll(async () => {
  node = await startHostileNode({ upstream: info.nodes[0]!.rpc, trickleMs: 100 });
  // A 4 MiB cap, so that reading up to it never competes with the deadline on a busy machine.
  svc = await startTestService(info, { node: node.url, rpcTimeoutMs: 1_500, maxRpcResponseBytes: 4 << 20, logLevel: "silent" });
});
afterAll(async () => {
  await svc?.dispose();
  await node?.close();
});

type RpcErrorBody = { error: { code: number; message: string; data: string } };
type ApiErrorBody = { error: { code: string; message: string } };
const rpcGet = () => call<RpcErrorBody>(svc.url, svc.token, "GET", "/rpc/status");
const rpcPost = () => call<RpcErrorBody>(svc.url, svc.token, "POST", "/rpc", { jsonrpc: "2.0", id: 7, method: "status" });
const account = () => call<ApiErrorBody>(svc.url, svc.token, "GET", `/accounts/${address}`);

async function recovers(): Promise<void> {
  node.set("honest");
  expect((await rpcGet()).status).toBe(200);
  expect((await account()).status).toBe(200);
}

describe("the access service against a hostile node", () => {
  it("answers 504 to a node that sends headers and then trickles forever", async () => {
    node.set("slow-loris", ["status", "abci_query"]);
    const get = await rpcGet();
    expect(get.status).toBe(504);
    expect(get.body.error).toMatchObject({ code: -32000, message: "Node timeout", data: expect.stringMatching(/within 1500 ms/) });
    const post = await rpcPost();
    expect(post).toMatchObject({ status: 504, body: { id: 7, error: { code: -32000 } } });
    expect(await account()).toMatchObject({ status: 504, body: { error: { code: "upstream_timeout" } } });
    await recovers();
  });

  it("keeps answering other requests while many calls wait on a trickling node", async () => {
    node.set("slow-loris", ["status"]);
    let settled = false;
    const waiting = Promise.all(Array.from({ length: 40 }, () => rpcGet())).finally(() => (settled = true));
    expect((await call(svc.url, undefined, "GET", "/health")).status).toBe(200);
    expect((await call(svc.url, svc.token, "GET", "/info")).status).toBe(200);
    expect(settled).toBe(false); // answered while the 40 were still waiting: nothing is blocked
    expect((await waiting).map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 504));
    await recovers();
  });

  it("refuses a 50 MB answer: a reset on the pass-through, a 502 where it reads the answer", async () => {
    node.set("huge-body", ["status", "abci_query"]);
    // Passed the 64 KiB buffer, the answer is streamed; past the cap the connection is reset.
    await expect(rpcGet()).rejects.toThrow();
    const rest = await account();
    expect(rest).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(rest.body.error.message).toMatch(/above the \d+-byte cap/);
    await recovers();
  });

  it("answers 502, not 500, to 10,000-deep JSON in a batch and where it reads the answer", async () => {
    node.set("deep-json");
    const batch = await call<RpcErrorBody[]>(svc.url, svc.token, "POST", "/rpc", [{ jsonrpc: "2.0", id: 1, method: "status" }, { jsonrpc: "2.0", id: 2, method: "health" }]);
    expect(batch.status).toBe(200);
    expect(batch.body.map((item) => item.error.data)).toEqual([expect.stringMatching(/nests deeper/), expect.stringMatching(/nests deeper/)]);
    const rest = await account();
    expect(rest).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(rest.body.error.message).toMatch(/nested deeper than 64/);
    await recovers();
  });

  it("answers 502 when the node answers under another request's id", async () => {
    node.set("wrong-id", ["abci_query"]);
    const rest = await account();
    expect(rest).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(rest.body.error.message).toMatch(/another request's id/);
    await recovers();
  });

  it("answers 502 while the node is killed, and recovers when it is back", async () => {
    await node.kill();
    const get = await rpcGet();
    expect(get).toMatchObject({ status: 502, body: { error: { code: -32000, message: "Node unavailable" } } });
    expect(get.body.error.data).toMatch(/cannot be reached/);
    expect(await account()).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    await node.revive();
    await recovers();
  });

  it("never lowers the height it follows when the node goes back, and follows again once it is past", async () => {
    const storage = await createTestStorage();
    const { store, close } = await openTestStore(storage);
    try {
      const follower = new ChainFollower(new NodeClient(node.url, 1_500), store, 0, pino({ level: "silent" }), info.chainId);
      node.set("height-backwards", ["status"]);
      await follower.tick();
      const known = follower.latestHeight;
      for (let i = 0; i < 3; i++) expect(await follower.tick()).toBe(true); // nothing to do, nothing thrown
      expect(follower.latestHeight).toBe(known);
      expect(await store.followedHeight()).toBe(known);
      node.set("honest");
      await expect.poll(async () => (await follower.tick(), follower.latestHeight), { timeout: 30_000 }).toBeGreaterThan(known);
    } finally {
      await close();
      await storage.dispose();
    }
  });

  it("holds transactions while the node claims another chain, and sends them once it is back", async () => {
    const { wallet, address: dave } = await aminoWallet(info, "dave");
    const body = await signTransfer(svc.url, svc.token, wallet, { from: dave, to: address, amount: "5", memo: "held while the node is on another chain" });
    node.set("other-chain", ["status"]);
    const seen = node.seen.get("status") ?? 0;
    await expect.poll(() => node.seen.get("status") ?? 0, { timeout: 30_000 }).toBeGreaterThan(seen); // the follower saw the switch
    const submitted = await call<{ txHash: string; status: string }>(svc.url, svc.token, "POST", "/transactions", body);
    expect(submitted.status).toBe(202);
    const hash = submitted.body.txHash;
    // Several follower passes later it is still queued: not broadcast to a node of another chain.
    await expect.poll(() => node.seen.get("status") ?? 0, { timeout: 30_000 }).toBeGreaterThan(seen + 5);
    expect((await call<{ status: string }>(svc.url, svc.token, "GET", `/transactions/${hash}`)).body.status).toBe("queued");
    expect((await call(svc.url, svc.token, "GET", "/health")).status).toBe(200);
    node.set("honest");
    await expect.poll(async () => (await call<{ status: string }>(svc.url, svc.token, "GET", `/transactions/${hash}`)).body.status, { timeout: 60_000 }).toBe("committed");
  });
});
