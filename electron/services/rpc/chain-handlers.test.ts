import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../../shared/contract/index.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * A node that answers well-formed JSON-RPC with the wrong shapes: every chain method must refuse
 * the answer as rpc_bad_response instead of passing it on or crashing. (Right shapes are tested
 * against the real devnet in chain-handlers.integration.test.ts.)
 */
let server: Server;
let lie: unknown;
/** Answers served first, in order, before `lie`: `{ result }` or `{ error }`; with the params each call asked with. */
let script: Array<{ result: unknown } | { error: unknown }> = [];
const asked: unknown[] = [];
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const call = body ? (JSON.parse(body) as { id: number; params?: unknown }) : { id: -1 };
      asked.push(call.params);
      const reply = script.shift() ?? { result: lie };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...reply }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const chain = () =>
  registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0 }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: "x", endpoint: null, state: "idle", lastHeight: null, reason: null }),
  });

const argsFor: Partial<Record<keyof typeof contract.chain, object>> = {
  abciQuery: { path: "/x" }, blockByHash: { hash: "A".repeat(64) }, headerByHash: { hash: "A".repeat(64) }, blockSearch: { query: "a" },
  txSearch: { query: "a" }, tx: { hash: "A".repeat(64) }, genesisChunked: { chunk: 0 }, broadcastTxSync: { tx: "AA==" },
  broadcastTxAsync: { tx: "AA==" }, broadcastTxCommit: { tx: "AA==" }, checkTx: { tx: "AA==" }, genesisNode: { path: [] }, genesisSearch: { query: "ab" },
  commitSignatures: { height: "5" },
};
// These show the node's answer as-is (any JSON), or carry no data worth checking.
const passThrough = new Set(["consensusState", "dumpConsensusState", "genesis", "health", "rawCall", "connection"]);

describe("chain.* against a node that lies about shapes", () => {
  for (const lieValue of [{ block: "not a block" }, [], "string", { height: { nested: true } }]) {
    it(`refuses ${JSON.stringify(lieValue)} for every typed route`, async () => {
      lie = lieValue;
      const c = chain() as unknown as Record<string, (a: unknown) => Promise<unknown>>;
      for (const name of Object.keys(contract.chain).filter((m) => !passThrough.has(m))) {
        const args = contract.chain[name as keyof typeof contract.chain].args.parse(argsFor[name as keyof typeof contract.chain] ?? {});
        await expect(c[name]!(args), name).rejects.toMatchObject({ code: "rpc_bad_response" });
      }
    });
  }
});

describe("a genesis in full 16 MiB chunks, as CometBFT serves a large one", () => {
  it("is read, hashed and served, chunk and digest alike", { timeout: 60_000 }, async () => {
    // 16 MiB of JSON whitespace around an object: a valid genesis the size of one full chunk.
    const file = Buffer.concat([Buffer.from('{"chain_id":"x"}'), Buffer.alloc((16 << 20) - 16, 0x20)]);
    const data = file.toString("base64");
    lie = { chunk: "0", total: "1", data };
    const c = chain();
    const chunk = await c.genesisChunked({ chunk: 0 });
    expect(contract.chain.genesisChunked.result.parse(chunk).data.length).toBe(data.length);
    expect(await c.genesisDigest({})).toMatchObject({ bytes: 16 << 20, chunks: 1 });
    const root = await c.genesisNode({ path: [] });
    expect(root.entries).toEqual([{ key: "chain_id", kind: "string", size: 0, value: "x", cut: false }]);
  });
});

describe("chain.consensusParams", () => {
  // CometBFT's own words when asked for the latest height before it stored that height's params.
  const NOT_STORED = { error: { code: -32603, message: "Internal error", data: "could not find consensus params for height #337: value retrieved from db is empty" } };
  const PARAMS = { block_height: "337", consensus_params: { block: { max_bytes: "22020096", max_gas: "-1" } } };

  it("asks once more when the node has not stored the latest height's params yet", async () => {
    script = [NOT_STORED, { result: PARAMS }];
    asked.length = 0;
    expect(await chain().consensusParams({})).toEqual({ blockHeight: "337", params: PARAMS.consensus_params });
    expect(asked).toHaveLength(2);
  });

  it("says so when the second answer is the same, and never retries a height the user named", async () => {
    script = [NOT_STORED, NOT_STORED];
    await expect(chain().consensusParams({})).rejects.toMatchObject({ code: "rpc_error" });
    script = [NOT_STORED, { result: PARAMS }];
    asked.length = 0;
    await expect(chain().consensusParams({ height: "337" })).rejects.toMatchObject({ code: "rpc_error", message: expect.stringContaining("could not find consensus params") });
    expect(asked).toHaveLength(1);
    script = [];
  });
});

describe("chain.commitSignatures", () => {
  it("answers from the feed's NewBlock frames without a request, and asks the node's commit for a height no frame carried", async () => {
    const seen = new Map([[7n, { height: 7n, validatorsHash: undefined, signatures: [{ flag: 2, address: "AB".repeat(20) }, { flag: 1, address: "" }] }]]);
    const c = registerChainHandlers({
      transport: createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0 }),
      defaultMethod: () => "POST",
      connection: () => ({ networkId: "x", endpoint: null, state: "live", lastHeight: "9", reason: null }),
      commitFromFeed: (networkId, height) => (networkId === "x" ? seen.get(height) : undefined),
    });
    const before = asked.length;
    expect(await c.commitSignatures({ height: "7" })).toEqual({
      height: "7", canonical: true, from: "feed",
      signatures: [{ blockIdFlag: 2, validatorAddress: "AB".repeat(20) }, { blockIdFlag: 1, validatorAddress: "" }],
    });
    expect(asked.length).toBe(before);
    // Not in the frames: the node is asked (and its answer checked like `commit`'s).
    lie = { signed_header: "not a commit" };
    await expect(c.commitSignatures({ height: "6" })).rejects.toMatchObject({ code: "rpc_bad_response" });
    expect(asked.slice(before)).toEqual([{ height: "6" }]);
  });
});

describe("chain.commit", () => {
  const hash = "AB".repeat(32);
  const answer = (height: string, canonical: boolean) => ({
    canonical,
    signed_header: {
      header: {
        version: { block: "11" }, chain_id: "c-1", height, time: "2026-12-07T00:00:00Z", last_block_id: { hash, parts: { total: 1, hash } },
        last_commit_hash: hash, data_hash: hash, validators_hash: hash, next_validators_hash: hash, consensus_hash: hash, app_hash: hash,
        last_results_hash: hash, evidence_hash: hash, proposer_address: "CD".repeat(20),
      },
      commit: { height, round: 0, block_id: { hash, parts: { total: 1, hash } }, signatures: [{ block_id_flag: 2, validator_address: "CD".repeat(20), timestamp: "2026-12-07T00:00:00Z", signature: "AA==" }] },
    },
  });

  it("reads a final commit once, whether the watch asks for it or the signing record does, and the newest (not final) each time", async () => {
    const c = chain();
    const before = asked.length;
    script = [{ result: answer("6", true) }];
    expect((await c.commit({ height: "6" })).commit.signatures).toHaveLength(1);
    expect(await c.commitSignatures({ height: "6" })).toMatchObject({ height: "6", canonical: true, from: "node", signatures: [{ blockIdFlag: 2, validatorAddress: "CD".repeat(20) }] });
    expect(asked.length - before).toBe(1);
    // The node's "seen" commit of its newest height may still change: asked again.
    script = [{ result: answer("7", false) }, { result: answer("7", true) }];
    expect((await c.commit({ height: "7" })).canonical).toBe(false);
    expect((await c.commitSignatures({ height: "7" })).canonical).toBe(true);
    expect(asked.length - before).toBe(3);
  });
});
