import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contract } from "../../../shared/contract/index.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * Answers of each CometBFT generation, handwritten in each one's exact JSON, read through the
 * real handlers over HTTP. The shapes come from (Go module sources, as the proxy serves them):
 * - Tendermint 0.34: github.com/cometbft/cometbft@v0.34.35 rpc/core/types/responses.go
 *   (ResultBlockResults: begin_block_events, end_block_events) and abci/types/types.pb.go
 *   (EventAttribute's Key and Value are []byte, so JSON carries base64); no header routes
 *   (rpc/core/routes.go lists none).
 * - CometBFT 0.37: cometbft@v0.37.15 rpc/core/types/responses.go (begin/end block events;
 *   EventAttribute Key and Value are strings).
 * - CometBFT 0.38: cometbft@v0.38.23 rpc/core/types/responses.go (finalize_block_events,
 *   app_hash); abci/types/types.pb.go ValidatorUpdate{PubKey crypto.PublicKey}, whose oneof
 *   `Sum` CometBFT's JSON (libs/json/encoder.go, crypto/encoding/codec.go's RegisterType) writes
 *   as {"Sum":{"type":"tendermint.crypto.PublicKey_Ed25519","value":{"ed25519":…}}}.
 * - CometBFT 1.0: cometbft/api@v1.0.0 cometbft/abci/v1/types.pb.go ValidatorUpdate{Power,
 *   PubKeyBytes `pub_key_bytes`, PubKeyType `pub_key_type`}; key types from cometbft@v1.0.1
 *   crypto/ed25519/ed25519.go (KeyType "ed25519").
 */

const KEY = "q+u5rQ2P3Rb8h6mXqS1bHk9k0E7XhXkqF0Nq5iGm7yA=";
const execTx = (events: unknown[]) => ({ code: 0, data: null, log: "", info: "", gas_wanted: "200000", gas_used: "81234", events, codespace: "" });
const transfer = (k: (s: string) => string) => ({ type: "transfer", attributes: [{ key: k("recipient"), value: k("cosmos1xyz"), index: true }, { key: k("amount"), value: k("100stake"), index: true }] });
const plain = (s: string) => s;
const b64 = (s: string) => Buffer.from(s).toString("base64");

const status = (version: string) => ({
  node_info: { id: "a".repeat(40), network: "test-chain", moniker: "n", version, listen_addr: "tcp://0.0.0.0:26656" },
  sync_info: { latest_block_hash: "", latest_app_hash: "", latest_block_height: "10", latest_block_time: "2026-11-28T00:00:00Z", earliest_block_height: "1", catching_up: false },
  validator_info: { address: "B".repeat(40), voting_power: "0" },
});

const V034 = {
  status: status("0.34.35"),
  block_results: {
    height: "10",
    txs_results: [execTx([transfer(b64)])],
    begin_block_events: [{ type: "mint", attributes: [{ key: b64("amount"), value: b64("7stake"), index: true }] }],
    end_block_events: [],
    validator_updates: null,
    consensus_param_updates: null,
  },
};
const V037 = {
  status: status("0.37.15"),
  block_results: {
    height: "10",
    txs_results: [execTx([transfer(plain)])],
    begin_block_events: [{ type: "mint", attributes: [{ key: "amount", value: "7stake", index: true }] }],
    end_block_events: [{ type: "complete_unbonding", attributes: [{ key: "amount", value: "5stake", index: true }] }],
    validator_updates: [{ pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Ed25519", value: { ed25519: KEY } } }, power: "101" }],
    consensus_param_updates: null,
  },
};
const V038 = {
  status: status("0.38.23"),
  block_results: {
    height: "10",
    txs_results: [execTx([transfer(plain)])],
    finalize_block_events: [{ type: "mint", attributes: [{ key: "amount", value: "7stake", index: true }] }],
    validator_updates: [{ pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Ed25519", value: { ed25519: KEY } } }, power: "101" }],
    consensus_param_updates: null,
    app_hash: "NLfVYnKC5rYP48/srImMEAWcKLvCNWaHNUO5F7QY3lY=",
  },
};
const V1 = {
  status: status("1.0.1"),
  block_results: { ...V038.block_results, validator_updates: [{ power: "101", pub_key_bytes: KEY, pub_key_type: "ed25519" }] },
};

let server: Server;
let url: string;
let answers: Record<string, unknown> = {};
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.method === "GET") {
        const route = (req.url ?? "/").slice(1).split("?")[0]!;
        asked.push(route);
        if (!(route in answers)) return void res.writeHead(404, { "content-type": "text/plain" }).end("404 page not found\n");
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: -1, result: answers[route] }));
      }
      const call = JSON.parse(body) as { id: number; method: string };
      asked.push(call.method);
      const reply = call.method in answers ? { result: answers[call.method] } : { error: { code: -32601, message: "Method not found" } };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...reply }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => void (asked.length = 0));

const chain = () =>
  registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0 }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: "x", endpoint: null, state: "idle", lastHeight: null, reason: null }),
  });
const results = async (node: Record<string, unknown>) => {
  answers = node;
  return contract.chain.blockResults.result.parse(await chain().blockResults({}));
};

describe("block_results of each generation", () => {
  it("CometBFT 0.37: BeginBlock's and EndBlock's events are read, by phase", async () => {
    const r = await results(V037);
    expect(r.beginBlockEvents).toEqual([{ type: "mint", attributes: [{ key: "amount", value: "7stake", index: true }] }]);
    expect(r.endBlockEvents.map((e) => e.type)).toEqual(["complete_unbonding"]);
    expect(r.finalizeBlockEvents).toEqual([]);
    expect(r.notes).toEqual([]);
  });

  it("CometBFT 0.37 and 0.38: a validator update's key is its type and base64 key, not \"Sum\" and empty", async () => {
    for (const node of [V037, V038]) {
      const r = await results(node);
      expect(r.validatorUpdates).toEqual([{ pubKey: { type: "ed25519", value: KEY }, power: "101" }]);
    }
  });

  it("CometBFT 1.0: an update's pub_key_type and pub_key_bytes are its key", async () => {
    const r = await results(V1);
    expect(r.validatorUpdates).toEqual([{ pubKey: { type: "ed25519", value: KEY }, power: "101" }]);
    expect(r.finalizeBlockEvents).toHaveLength(1);
  });

  it("a key in Go's plain JSON, protobuf JSON or amino JSON is read the same", async () => {
    for (const pub_key of [{ Sum: { ed25519: KEY } }, { ed25519: KEY }, { type: "tendermint/PubKeyEd25519", value: KEY }]) {
      const r = await results({ ...V038, block_results: { ...V038.block_results, validator_updates: [{ pub_key, power: "3" }] } });
      expect(r.validatorUpdates).toEqual([{ pubKey: { type: "ed25519", value: KEY }, power: "3" }]);
    }
  });

  it("Tendermint 0.34: base64 attributes are decoded, in block events and transaction results", async () => {
    const r = await results(V034);
    expect(r.beginBlockEvents[0]!.attributes[0]).toEqual({ key: "amount", value: "7stake", index: true });
    expect(r.txsResults[0]!.events[0]!.attributes.map((a) => `${a.key}=${a.value}`)).toEqual(["recipient=cosmos1xyz", "amount=100stake"]);
  });

  it("on any other generation, base64-looking text stays text", async () => {
    const looksEncoded = { type: "note", attributes: [{ key: b64("amount"), value: "dGVzdA==", index: false }] };
    const r = await results({ ...V037, block_results: { ...V037.block_results, begin_block_events: [looksEncoded] } });
    expect(r.beginBlockEvents[0]!.attributes[0]).toEqual({ key: b64("amount"), value: "dGVzdA==", index: false });
  });
});

describe("answers not understood are shown with a sentence, not refused", () => {
  it("a validator key of an unknown shape keeps its JSON, and a note says what was not understood", async () => {
    const odd = { pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Sr25519", value: { sr25519: KEY } } }, power: "9" };
    const r = await results({ ...V038, block_results: { ...V038.block_results, validator_updates: [odd] } });
    expect(r.validatorUpdates[0]).toMatchObject({ pubKey: { type: "", value: "" }, power: "9" });
    expect(r.validatorUpdates[0]!.raw).toContain("sr25519");
    expect(r.notes.join(" ")).toMatch(/Validator update 1: its key is in a shape this app does not know/);
  });

  it("an answer with no block events of any generation's names says so", async () => {
    const { finalize_block_events: _, ...bare } = V038.block_results;
    const r = await results({ ...V038, block_results: bare });
    expect(r.notes.join(" ")).toMatch(/neither finalize_block_events .* nor begin_block_events and end_block_events/);
  });

  it("a 0.38 node answering in 0.37's shape is read, and the mismatch named", async () => {
    const r = await results({ ...V038, block_results: V037.block_results });
    expect(r.beginBlockEvents).toHaveLength(1);
    expect(r.notes.join(" ")).toMatch(/says cometbft-0.38, but its block_results has begin_block_events and end_block_events/);
  });

  it("a 0.34 node's attribute that is not base64 is shown as sent, with a note", async () => {
    const bad = { type: "mint", attributes: [{ key: "amount", value: "not base64!", index: true }] };
    const r = await results({ ...V034, block_results: { ...V034.block_results, begin_block_events: [bad] } });
    expect(r.beginBlockEvents[0]!.attributes[0]!.value).toBe("not base64!");
    expect(r.notes.join(" ")).toMatch(/not base64 of text, as Tendermint 0.34 sends them/);
  });
});

describe("routes a generation lacks", () => {
  it("Tendermint 0.34 has no header route: the block's header stands in, by POST and by GET", async () => {
    const block = {
      block_id: { hash: "AB".repeat(32), parts: { total: 1, hash: "CD".repeat(32) } },
      block: {
        header: {
          version: { block: "11" }, chain_id: "test-chain", height: "10", time: "2026-11-28T00:00:00Z",
          last_block_id: { hash: "", parts: { total: 0, hash: "" } }, last_commit_hash: "", data_hash: "", validators_hash: "", next_validators_hash: "",
          consensus_hash: "", app_hash: "", last_results_hash: "", evidence_hash: "", proposer_address: "B".repeat(40),
        },
        data: { txs: null },
        evidence: { evidence: null },
        last_commit: null,
      },
    };
    answers = { ...V034, block };
    for (const via of ["POST", "GET"] as const) {
      const h = await chain().header({ height: "10", via });
      expect(h).toMatchObject({ height: "10", chainId: "test-chain", readFrom: "block" });
      expect(asked.slice(-2)).toEqual(["header", "block"]);
    }
  });

  it("any other route the node lacks is said in words, as rpc_route_missing", async () => {
    answers = V034;
    await expect(chain().genesisChunked({ chunk: 0 })).rejects.toMatchObject({ code: "rpc_route_missing", message: expect.stringMatching(/^this node has no genesis_chunked route/) });
    await expect(chain().genesisChunked({ chunk: 0, via: "GET" })).rejects.toMatchObject({ code: "rpc_route_missing" });
  });
});

describe("chain.generation", () => {
  it("names the consensus engine from status and the SDK from the node service", async () => {
    answers = { ...V038, abci_info: { response: { data: "simapp", version: "", app_version: "0", last_block_height: "10" } }, abci_query: { response: { code: 6, log: "unknown query path" } } };
    const g = contract.chain.generation.result.parse(await chain().generation({}));
    expect(g).toMatchObject({ generation: "cometbft-0.38", consensusVersion: "0.38.23", sdkVersion: null, label: "CometBFT 0.38.23", notes: [] });
  });

  it("CometBFT 0.39 is read as 0.38, whose answers it keeps (cometbft@v0.39.4 rpc/core/types/responses.go)", async () => {
    answers = { ...V038, status: status("0.39.4") };
    expect(await chain().generation({})).toMatchObject({ generation: "cometbft-0.38", label: "CometBFT 0.39.4" });
    expect((await results({ ...V038, status: status("0.39.4") })).validatorUpdates).toEqual([{ pubKey: { type: "ed25519", value: KEY }, power: "101" }]);
  });

  it("Tendermint 0.34 and CometBFT 1.0 are named as such", async () => {
    answers = V034;
    expect((await chain().generation({})).label).toBe("Tendermint 0.34.35");
    answers = { ...V1, abci_info: { response: { version: "v2.1.0" } } };
    expect((await chain().generation({})).label).toBe("CometBFT 1.0.1 · application v2.1.0");
  });

  it("a node of an unknown generation is named as it says, with a sentence on how it is read", async () => {
    answers = { status: status("tendermint-ng/9") };
    const g = await chain().generation({});
    expect(g.generation).toBe("unknown");
    expect(g.label).toBe('an unknown consensus engine (version "tendermint-ng/9")');
    expect(g.notes[0]).toMatch(/is of no generation this app knows/);
  });
});

describe("a route answered in another generation's shape", () => {
  it("is refused with a sentence naming what was not understood and the part of the answer as sent", async () => {
    // A status whose node_info is of no generation's shape: its version is a number.
    answers = { status: { ...status("0.38.23"), node_info: { id: "a", network: "test-chain", moniker: "n", version: 38, listen_addr: "" } } };
    const error = await Promise.resolve(chain().status({})).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "rpc_bad_response" });
    expect((error as Error).message).toMatch(/unexpected status answer: node_info\.version \(.*expected string.*\); the node sent at node_info: \{"id":"a",.*"version":38/);
  });
});

describe("transaction results of each generation", () => {
  const TX = Buffer.from("a transaction's bytes").toString("base64");
  const HASH = txIdOf(Buffer.from(TX, "base64"));
  // rpc/core/types/responses.go: ResultTx{hash, height, index, tx_result, tx} in 0.34 to 0.38.
  const txAnswer = (k: (s: string) => string) => ({ hash: HASH, height: "10", index: 0, tx_result: execTx([transfer(k)]), tx: TX });

  it("Tendermint 0.34: tx, tx_search and check_tx results have their base64 attributes decoded", async () => {
    answers = { ...V034, tx: txAnswer(b64), tx_search: { txs: [txAnswer(b64)], total_count: "1" }, check_tx: execTx([transfer(b64)]) };
    const c = chain();
    const attrs = (r: { events: Array<{ attributes: Array<{ key: string; value: string }> }> }) => r.events[0]!.attributes.map((a) => `${a.key}=${a.value}`);
    expect(attrs((await c.tx({ hash: HASH })).result)).toEqual(["recipient=cosmos1xyz", "amount=100stake"]);
    expect(attrs((await c.txSearch({ query: "tx.height=10" })).txs[0]!.result)).toEqual(["recipient=cosmos1xyz", "amount=100stake"]);
    expect(attrs(await c.checkTx({ tx: TX }))).toEqual(["recipient=cosmos1xyz", "amount=100stake"]);
  });

  it("CometBFT 0.37: broadcast_tx_commit's outcome is deliver_tx (0.38's is tx_result)", async () => {
    const commit037 = { check_tx: execTx([]), deliver_tx: { ...execTx([]), code: 5, codespace: "sdk", log: "insufficient funds" }, hash: HASH, height: "11" };
    answers = { ...V037, broadcast_tx_commit: commit037 };
    expect((await chain().broadcastTxCommit({ tx: TX })).txResult).toMatchObject({ code: 5, codespace: "sdk", log: "insufficient funds" });
    const { deliver_tx: _, ...neither } = commit037;
    answers = { ...V037, broadcast_tx_commit: neither };
    await expect(chain().broadcastTxCommit({ tx: TX })).rejects.toMatchObject({ code: "rpc_bad_response", message: expect.stringMatching(/neither tx_result \(CometBFT 0.38 on\) nor deliver_tx/) });
  });
});
