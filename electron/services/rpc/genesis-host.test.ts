import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestGenesis, type GenesisSource, openGenesis, saveGenesisTo } from "./genesis-host.js";
import { genesisNode, genesisSearch, loadGenesis } from "./genesis-index.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * The genesis worker against a node on loopback that serves `file` in `size`-byte chunks, as
 * genesis_chunked cuts it (a character may straddle two), through a snapshot of a real transport.
 */
let file = Buffer.alloc(0);
let size = 997;
let requests = 0;
let server: Server;
let url: string;
const dir = mkdtempSync(join(tmpdir(), "cometdesk-genesis-host-"));
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      requests++;
      const call = JSON.parse(body) as { id: number; params: { chunk: string } };
      const i = Number(call.params.chunk);
      const result = { chunk: String(i), total: String(Math.ceil(file.length / size)), data: file.subarray(i * size, (i + 1) * size).toString("base64") };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const source = async (maxBytes = 64 << 20): Promise<GenesisSource> => ({ transport: await createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0 }).snapshot(), http: "POST", maxBytes });
/** The same file read on this thread, to compare with. */
const local = () => loadGenesis(async (i) => ({ chunk: i, total: Math.ceil(file.length / size), data: file.subarray(i * size, (i + 1) * size).toString("base64") }));
const doc = { chain_id: "devnet-7", app_state: { bank: { balances: Array.from({ length: 250 }, (_, i) => ({ address: `cosmos1addr${i}`, coins: [] })) } }, "é": "ü" };

describe("the genesis worker", () => {
  it("reads the node chunk by chunk and answers pages and searches exactly as a parse on main's thread would", async () => {
    file = Buffer.from(JSON.stringify(doc));
    size = 997;
    requests = 0;
    const g = await openGenesis(await source());
    try {
      expect(requests).toBe(Math.ceil(file.length / size));
      const here = await local();
      expect({ sha256: g.sha256, bytes: g.bytes, chunks: g.chunks }).toEqual({ sha256: here.sha256, bytes: here.bytes, chunks: here.chunks });
      for (const args of [{ path: [] }, { path: ["app_state", "bank", "balances"], offset: 200, limit: 30 }, { path: ["é"] }]) expect(await g.node(args)).toEqual(genesisNode(here, args));
      expect(await g.search("COSMOS1ADDR24")).toEqual(genesisSearch(here, "COSMOS1ADDR24"));
      await expect(g.node({ path: ["__proto__"] })).rejects.toMatchObject({ code: "not_found" });
    } finally {
      await g.close();
    }
  });

  it("digests and saves the genesis from a worker, the file identical to the node's", async () => {
    file = Buffer.from(JSON.stringify(doc));
    const here = await local();
    expect(await digestGenesis(await source())).toEqual({ sha256: here.sha256, bytes: here.bytes, chunks: here.chunks });
    const path = join(dir, "genesis.json");
    expect(await saveGenesisTo(await source(), path)).toMatchObject({ sha256: here.sha256 });
    expect(readFileSync(path).equals(file)).toBe(true);
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it("refuses a genesis that is not JSON, one past the size bound, and a node that answers nothing, each with the reason", async () => {
    file = Buffer.from("{nope");
    await expect(openGenesis(await source())).rejects.toMatchObject({ code: "genesis_not_json" });
    file = Buffer.from(JSON.stringify(doc));
    await expect(openGenesis(await source(1000))).rejects.toMatchObject({ code: "genesis_too_large" });
    const dead = { transport: await createRpcTransport({ endpoints: () => [{ url: "http://127.0.0.1:9", kind: "node" }], retries: 0 }).snapshot(), http: "POST" as const, maxBytes: 1 << 20 };
    await expect(openGenesis(dead)).rejects.toMatchObject({ code: "rpc_unreachable" });
  });

  it("fails with a clear error, and leaves main standing, when the genesis does not fit the worker's heap", { timeout: 60_000 }, async () => {
    // 10 MB of small objects in a worker allowed 8 MB of heap: it runs out of memory. (Parsed on
    // main's thread, as before the worker, it would simply succeed.)
    file = Buffer.from(JSON.stringify({ app_state: { balances: Array.from({ length: 150_000 }, (_, i) => ({ address: `cosmos1${i}`, coins: [{ denom: "ustake", amount: String(i) }] })) } }));
    size = 1 << 20;
    await expect(openGenesis(await source(), 8)).rejects.toMatchObject({ code: "genesis_worker_failed" });
  });

  it("answers nothing more once let go", async () => {
    file = Buffer.from(JSON.stringify(doc));
    size = 997;
    const g = await openGenesis(await source());
    await g.close();
    await expect(g.node({ path: [] })).rejects.toMatchObject({ code: "genesis_closed" });
  });
});
