import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as A from "./chain-adaptor.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createReadWorker, type ReadWorker } from "./read-host.js";
import { createRpcTransport, type RpcTransport } from "./rpc-transport.js";
import * as W from "./rpc-wire.js";

/**
 * The read worker (read-worker.ts) against a node on loopback: a paged block and a tx_search
 * are read in the worker, never through main's own transport, and come out as main's own
 * adaptor makes them; a hostile answer is refused with the same errors as on main; a worker that
 * dies fails its read with a clear error, and the next read starts a new one.
 */
const CHAIN = "read-test-1";
/** What the node answers `block` and `block_by_hash` with (its transactions by count, its chain id), and `tx_search` with. */
let blockTxs = 3;
let blockChain = CHAIN;
let searchHashOf = (tx: string) => createHash("sha256").update(Buffer.from(tx, "base64")).digest("hex").toUpperCase();
let lie: unknown;
const seen: string[] = [];
let server: Server;
let url: string;

const hash = (s: string) => createHash("sha256").update(s).digest("hex").toUpperCase();
const blockId = (h: string) => ({ hash: hash(`block ${h}`), parts: { total: 1, hash: hash(`parts ${h}`) } });
function wireBlock(height: string) {
  const txs = Array.from({ length: blockTxs }, (_, i) => Buffer.from(`tx ${height} ${i}`).toString("base64"));
  const header = {
    version: { block: "11", app: "0" }, chain_id: blockChain, height, time: "2026-11-23T00:00:00Z", last_block_id: blockId(String(Number(height) - 1)),
    last_commit_hash: "", data_hash: "", validators_hash: "", next_validators_hash: "", consensus_hash: "", app_hash: "", last_results_hash: "", evidence_hash: "", proposer_address: "AB",
  };
  return { block_id: blockId(height), block: { header, data: { txs }, evidence: { evidence: [] }, last_commit: null } };
}
function search() {
  const txs = ["c2VuZCAx", "c2VuZCAy"].map((tx, i) => ({ hash: searchHashOf(tx), height: "7", index: i, tx, tx_result: { code: 0, events: [{ type: "transfer", attributes: [{ key: "amount", value: "1stake", index: true }] }] } }));
  return { txs, total_count: String(txs.length) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const call = JSON.parse(body) as { id: number; method: string; params: Record<string, string> };
      seen.push(call.method);
      const result = lie ?? (call.method === "tx_search" ? search() : wireBlock(call.method === "block_by_hash" ? "42" : (call.params.height ?? "99")));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
const readers: ReadWorker[] = [];
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await new Promise((r) => server.close(r));
});

/** Chain handlers whose own transport records every call main makes through it. */
function handlers(reader = createReadWorker(), maxBytes?: number) {
  readers.push(reader);
  const real = createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0, maxBytes });
  const mainCalls: string[] = [];
  const transport: RpcTransport = { ...real, call: (request) => (mainCalls.push(request.route), real.call(request)) };
  const chain = registerChainHandlers({
    transport, reader, defaultMethod: () => "POST", expectedChainId: () => CHAIN,
    connection: () => ({ networkId: "net", endpoint: url, state: "idle", lastHeight: null, reason: null }),
  });
  return { chain, mainCalls };
}

describe("the read worker", () => {
  it("reads a paged block and a tx_search off main's transport, each as main's adaptor makes it", async () => {
    blockTxs = 250;
    blockChain = CHAIN;
    lie = undefined;
    const { chain, mainCalls } = handlers();
    seen.length = 0;
    const first = await chain.block({ height: "10", txLimit: 100 });
    const last = await chain.block({ height: "10", txOffset: 200, txLimit: 100 });
    const wire = W.RpcBlockResponse.parse(wireBlock("10"));
    expect(first).toEqual(await A.block(wire, { limit: 100 }));
    expect(last).toEqual(await A.block(wire, { offset: 200, limit: 100 }));
    expect(last).toMatchObject({ txCount: 250, txOffset: 200 });
    expect(last.txs).toHaveLength(50);
    // The next page came from the worker's recent blocks; a page by hash is kept for its height too.
    await chain.blockByHash({ hash: "AB".repeat(32), txLimit: 10 });
    await chain.block({ height: "42", txOffset: 10, txLimit: 10 });
    expect(seen).toEqual(["block", "block_by_hash"]);

    const found = await chain.txSearch({ query: "transfer.amount='1stake'", perPage: 10 });
    expect(found).toEqual({ totalCount: 2, txs: W.RpcTxSearch.parse(search()).txs.map(A.txResponse) });
    // Main's event loop neither fetched nor parsed any of them: it only asked the node's
    // generation (status, small), which decides how a Tendermint 0.34 node's events read.
    const heavy = () => mainCalls.filter((route) => !["status", "abci_info", "abci_query"].includes(route));
    expect(heavy()).toEqual([]);
    // A whole block (the live feed's) is still read by main itself.
    expect((await chain.block({ height: "11" })).txCount).toBe(250);
    expect(heavy()).toEqual(["block"]);
  });

  it("refuses hostile answers with the errors main gives them", async () => {
    const { chain } = handlers();
    blockTxs = 2;
    lie = { block: "not a block" };
    await expect(chain.block({ height: "12", txLimit: 10 })).rejects.toMatchObject({ code: "rpc_bad_response", message: expect.stringContaining("unexpected block answer: block_id") });
    await expect(chain.blockByHash({ hash: "AB".repeat(32), txLimit: 10 })).rejects.toMatchObject({ code: "rpc_bad_response", message: expect.stringContaining("unexpected block_by_hash answer") });
    await expect(chain.txSearch({ query: "a" })).rejects.toMatchObject({ code: "rpc_bad_response", message: expect.stringContaining("unexpected tx_search answer") });
    lie = undefined;
    blockChain = "another-chain";
    await expect(chain.block({ height: "13", txLimit: 10 })).rejects.toMatchObject({ code: "rpc_wrong_chain", message: expect.stringContaining('is on chain "another-chain", but this network is "read-test-1"') });
    blockChain = CHAIN;
    searchHashOf = () => "AA".repeat(32);
    await expect(chain.txSearch({ query: "a" })).rejects.toMatchObject({ code: "rpc_hash_mismatch", message: expect.stringContaining("whose hash does not match") });
    searchHashOf = (tx) => createHash("sha256").update(Buffer.from(tx, "base64")).digest("hex").toUpperCase();
    expect((await chain.block({ height: "13", txLimit: 10 })).txCount).toBe(2); // the refused block was not kept
  });

  it("fails a read with a clear error when the worker dies, and the next read starts a new worker", { timeout: 60_000 }, async () => {
    // A block of 2,000,000 distinct transactions (about 60 MB of JSON, under this transport's
    // 128 MiB answer cap) in a worker allowed 64 MB of heap: it runs out of memory parsing it. The
    // heap leaves room for the next worker to start (from source, it compiles its TypeScript
    // first), which 16 MB did not always.
    const { chain } = handlers(createReadWorker(64), 128 << 20);
    blockTxs = 2_000_000;
    await expect(chain.block({ height: "14", txLimit: 10 })).rejects.toMatchObject({ code: "read_worker_failed", message: expect.stringMatching(/^the read worker (stopped|exited)/) });
    blockTxs = 3;
    expect(await chain.block({ height: "15", txLimit: 10 })).toMatchObject({ txCount: 3 });
    expect(await chain.txSearch({ query: "a" })).toMatchObject({ totalCount: 2 });
  });

  it("answers nothing more once closed", async () => {
    const reader = createReadWorker();
    const { chain } = handlers(reader);
    blockTxs = 3;
    expect((await chain.block({ height: "16", txLimit: 1 })).txs).toHaveLength(1);
    await reader.close();
    await expect(chain.block({ height: "16", txLimit: 1 })).rejects.toMatchObject({ code: "read_worker_failed", message: expect.stringContaining("stopped") });
  });
});
