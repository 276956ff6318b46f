import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

const handlers = (url: string) =>
  registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [{ url, kind: "node" }] }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: url, endpoint: url, state: "idle", lastHeight: null, reason: null }),
  });

describe("the genesis tree and search, served from main", () => {
  it("walks and searches the devnet node's own genesis", async () => {
    const info = inject("devnet");
    const chain = handlers(info.nodes[0]!.rpc);
    const root = await chain.genesisNode({ path: [] });
    expect(root.chunks).toBe(1);
    expect(root.entries.find((e) => e.key === "chain_id")).toMatchObject({ kind: "string", value: info.chainId });
    const found = await chain.genesisSearch({ query: info.chainId });
    expect(found.matches).toContainEqual({ path: ["chain_id"], value: info.chainId });
    expect(root.sha256).toBe((await chain.genesisDigest({})).sha256);
  });

  // A genesis over CometBFT's 16 MB chunk size cannot easily be made on the devnet, so this small
  // server speaks JSON-RPC `genesis_chunked` and cuts a generated genesis into 7 chunks instead.
  describe("a genesis of several chunks", () => {
    const balances = Array.from({ length: 3000 }, (_, i) => ({ address: `cosmos1holder${i}`, coins: [{ denom: "ucomet", amount: String(i) }] }));
    const file = Buffer.from(JSON.stringify({ chain_id: "chunky-1", app_state: { bank: { balances } } }));
    const size = Math.ceil(file.length / 7);
    let server: Server;
    let url = "";
    const asked: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = "";
        req.on("data", (d: Buffer) => (body += d.toString()));
        req.on("end", () => {
          const call = JSON.parse(body) as { id: number; method: string; params: { chunk: string } };
          asked.push(`${call.method}:${call.params.chunk}`);
          const i = Number(call.params.chunk);
          const result = { chunk: i, total: 7, data: file.subarray(i * size, (i + 1) * size).toString("base64") };
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
        });
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it("reads every chunk once, then answers tree pages and searches that cross chunk boundaries", async () => {
      const chain = handlers(url);
      const page = await chain.genesisNode({ path: ["app_state", "bank", "balances"], offset: 2990, limit: 20 });
      expect(page).toMatchObject({ chunks: 7, kind: "array", total: 3000, offset: 2990 });
      expect(page.entries.map((e) => e.key)).toEqual(Array.from({ length: 10 }, (_, i) => String(2990 + i)));
      const last = await chain.genesisNode({ path: ["app_state", "bank", "balances", "2999", "coins", "0"] });
      expect(last.entries.find((e) => e.key === "amount")?.value).toBe("2999");
      const found = await chain.genesisSearch({ query: "cosmos1holder2999" });
      expect(found.matches).toEqual([{ path: ["app_state", "bank", "balances", "2999", "address"], value: "cosmos1holder2999" }]);
      expect(asked).toEqual(["genesis_chunked:0", "genesis_chunked:1", "genesis_chunked:2", "genesis_chunked:3", "genesis_chunked:4", "genesis_chunked:5", "genesis_chunked:6"]);
    });
  });
});
