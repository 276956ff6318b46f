import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { coins } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { type HostileBehaviour, type HostileNode, startHostileNode } from "../../../devnet/test/hostile-node.js";
import type { EventPayload } from "../../../shared/events.js";
import { startTestService } from "../../../server/test/access-client.js";
import { createServices, type Services } from "../create-services.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * The app's services (what the renderer calls, through the one dispatcher) with "Local devnet"
 * pointed at a hostile node in front of the real devnet node: each misbehaviour ends in a clear,
 * typed error within the transport's deadline, and the services keep serving afterwards.
 */
const info = inject("devnet");
const dir = mkdtempSync(join(tmpdir(), "cometdesk-hostile-"));
let node: HostileNode;
let services: Services;
let sentHash = "";
const heights: bigint[] = [];

type Answer = { ok: true; value: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };
const call = async (method: string, args: unknown = {}) => (await services.dispatcher.dispatch(method, args)) as Answer;
const failure = async (method: string, args: unknown = {}) => {
  const answer = await call(method, args);
  if (answer.ok) throw new Error(`${method} succeeded against a hostile node`);
  return answer.error;
};
const connection = async () => (await call("chain.connection")) as { ok: true; value: { lastHeight: string | null; reason: string | null; state: string } };

beforeAll(async () => {
  node = await startHostileNode({ upstream: info.nodes[0]!.rpc, trickleMs: 100 });
  // "Local devnet" straight to the hostile node: no access service, so calls go direct.
  writeFileSync(join(dir, "devnet.json"), JSON.stringify({ ...info, nodes: [{ ...info.nodes[0], rpc: node.url }], access: undefined }));
  services = await createServices({ dataDir: join(dir, "data"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json"), rpc: { timeoutMs: 1_500, retries: 0, maxBytes: 4 << 20 } });
  await call("settings.update", { pollIntervalMs: 250 });
  services.events.listen((event, payload) => {
    if (event === "chain.newBlock") heights.push(BigInt((payload as EventPayload<"chain.newBlock">).height));
  });
  const { client, address } = await signingClient(info, "bob");
  sentHash = (await client.sendTokens(address, info.accounts.find((a) => a.name === "erin")!.address, coins(3, info.denom), fixedFee(info), "hostile")).transactionHash;
  client.disconnect();
});
afterAll(async () => {
  await services?.close();
  await node?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** After every fault, the same services answer an honest node again. */
async function keepsServing(): Promise<void> {
  node.set("honest");
  expect(await call("app.ping")).toMatchObject({ ok: true });
  expect(await call("chain.status")).toMatchObject({ ok: true, value: { nodeInfo: { network: info.chainId } } });
}

describe("chain.* against a hostile node", () => {
  const transportFaults: Array<[HostileBehaviour, string, RegExp]> = [
    ["slow-loris", "rpc_timeout", /no answer within 1500 ms/],
    ["silent", "rpc_timeout", /no answer within 1500 ms/],
    ["huge-body", "rpc_too_large", /exceeds/],
    ["deep-json", "rpc_bad_response", /nests deeper than/],
    ["wrong-id", "rpc_bad_response", /id does not match/],
  ];
  for (const [behaviour, code, message] of transportFaults) {
    it(`answers ${behaviour} with ${code}, then keeps serving`, async () => {
      node.set(behaviour, ["status"]);
      const error = await failure("chain.status");
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
      await keepsServing();
    });
  }

  it("refuses a tx whose bytes do not hash to its hash, in tx and tx_search", async () => {
    expect(await call("chain.tx", { hash: sentHash })).toMatchObject({ ok: true, value: { hash: sentHash } });
    node.set("tx-hash-mismatch", ["tx", "tx_search"]);
    const error = await failure("chain.tx", { hash: sentHash });
    expect(error).toMatchObject({ code: "rpc_hash_mismatch" });
    expect(error.message).toMatch(/returned a transaction whose hash does not match/);
    expect(await failure("chain.txSearch", { query: `tx.hash='${sentHash}'` })).toMatchObject({ code: "rpc_hash_mismatch" });
    await keepsServing();
  });

  it("refuses answers for another chain than the network's, never mixing them in", async () => {
    node.set("chain-id-switch", ["status", "block"]);
    expect(await call("chain.status")).toMatchObject({ ok: true }); // the first answer is honest
    const error = await failure("chain.status");
    expect(error.code).toBe("rpc_wrong_chain");
    expect(error.message).toContain(`is on chain "${info.chainId}-fork", but this network is "${info.chainId}"`);
    expect(await call("chain.block", {})).toMatchObject({ ok: true });
    expect(await failure("chain.block", {})).toMatchObject({ code: "rpc_wrong_chain" });
    await keepsServing();
  });

  it("refuses a hostile block page read in the read worker with the same errors, then keeps serving", async () => {
    node.set("other-chain", ["block"]);
    const wrong = await failure("chain.block", { txLimit: 10 });
    expect(wrong.code).toBe("rpc_wrong_chain");
    expect(wrong.message).toContain(`is on chain "${info.chainId}-fork", but this network is "${info.chainId}"`);
    node.set("huge-body", ["block"]);
    expect(await failure("chain.block", { txLimit: 10 })).toMatchObject({ code: "rpc_too_large", message: expect.stringMatching(/exceeds/) });
    node.set("deep-json", ["block"]);
    expect(await failure("chain.block", { txLimit: 10 })).toMatchObject({ code: "rpc_bad_response", message: expect.stringMatching(/nests deeper than/) });
    await keepsServing();
    expect(await call("chain.block", { txLimit: 10 })).toMatchObject({ ok: true, value: { header: { chainId: info.chainId } } });
  });
});

describe("the live block feed against a hostile node", () => {
  it("flags a height going backwards without moving the shown height back, then follows again", async () => {
    services.start(); // only now, so that the feed's polls did not disturb the calls above
    await expect.poll(async () => (await connection()).value.lastHeight, { timeout: 30_000 }).not.toBeNull();
    node.set("height-backwards", ["status"]);
    await expect.poll(async () => (await connection()).value.reason ?? "", { timeout: 30_000 }).toMatch(/went back to height \d+, below \d+ already shown/);
    const flaggedAt = BigInt((await connection()).value.lastHeight!);
    node.set("honest");
    await expect.poll(async () => BigInt((await connection()).value.lastHeight ?? "0"), { timeout: 30_000 }).toBeGreaterThan(flaggedAt);
    expect((await connection()).value.reason ?? "").not.toMatch(/went back/);
    // Every height the feed announced, in order, once: nothing repeated or stepped back.
    expect(heights.map(String)).toEqual(heights.map((_, i) => String(heights[0]! + BigInt(i))));
  });

  it("goes offline with the reason while the node is on another chain, announcing none of its blocks", async () => {
    node.set("other-chain");
    await expect.poll(async () => (await connection()).value, { timeout: 30_000 }).toMatchObject({ state: "offline", reason: expect.stringMatching(/is on chain ".+-fork"/) });
    const during = heights.length;
    const polls = node.seen.get("status") ?? 0;
    await expect.poll(() => node.seen.get("status") ?? 0, { timeout: 30_000 }).toBeGreaterThan(polls + 3); // several polls later
    expect(heights.length).toBe(during);
    node.set("honest");
    await expect.poll(() => heights.length, { timeout: 30_000 }).toBeGreaterThan(during);
    expect((await connection()).value.state).toMatch(/polling|live/);
    expect(heights.map(String)).toEqual(heights.map((_, i) => String(heights[0]! + BigInt(i))));
  });
});

describe("chain.* through the access service in front of a hostile node", () => {
  it("turns each fault into a typed error, and recovers with the node", { timeout: 120_000 }, async () => {
    node.set("honest");
    const svc = await startTestService(info, { node: node.url, rpcTimeoutMs: 1_000, maxRpcResponseBytes: 8 << 20, logLevel: "silent" });
    try {
      const chain = registerChainHandlers({
        transport: createRpcTransport({ endpoints: () => [{ url: svc.url, kind: "access", headers: async () => ({ authorization: `Bearer ${svc.token}` }) }], timeoutMs: 5_000, retries: 0 }),
        defaultMethod: () => "POST",
        connection: () => ({ networkId: "devnet", endpoint: null, state: "idle", lastHeight: null, reason: null }),
        expectedChainId: () => info.chainId,
      });
      const codeOf = (p: unknown) => Promise.resolve(p).then(() => "ok", (e: { code?: string }) => e.code ?? String(e));
      const cases: Array<[HostileBehaviour, () => unknown, string]> = [
        ["slow-loris", () => chain.status({}), "rpc_timeout"], // the service's 504
        ["huge-body", () => chain.status({}), "rpc_unreachable"], // the service resets the stream at its 8 MiB cap (or deadline)
        ["deep-json", () => chain.status({}), "rpc_bad_response"], // bytes passed through, refused here
        ["wrong-id", () => chain.status({}), "rpc_bad_response"],
        ["tx-hash-mismatch", () => chain.tx({ hash: sentHash }), "rpc_hash_mismatch"],
        ["other-chain", () => chain.status({}), "rpc_wrong_chain"],
      ];
      for (const [behaviour, run, code] of cases) {
        node.set(behaviour);
        expect(await codeOf(run()), behaviour).toBe(code);
        node.set("honest");
        expect(await codeOf(run()), `${behaviour}, then honest`).toBe("ok");
      }
      await node.kill();
      expect(await codeOf(chain.status({}))).toBe("rpc_unreachable"); // the service's 502
      await node.revive();
      expect(await codeOf(chain.status({}))).toBe("ok");
    } finally {
      await svc.dispose();
    }
  });
});
