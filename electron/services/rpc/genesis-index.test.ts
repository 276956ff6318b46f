import { describe, expect, it } from "vitest";
import type { GenesisChunk } from "./genesis-export.js";
import { createGenesisCache, genesisNode, genesisSearch, loadGenesis } from "./genesis-index.js";

const doc = { chain_id: "devnet-7", app_state: { bank: { balances: Array.from({ length: 250 }, (_, i) => ({ address: `cosmos1addr${i}`, coins: [] })) }, wasm: { code: "A".repeat(10_000) } }, "é": "ü" };
const text = Buffer.from(JSON.stringify(doc));
/** The file cut into `size`-byte chunks, as genesis_chunked cuts it (a character may straddle two). */
const chunks = (size: number) => async (i: number): Promise<GenesisChunk> => ({ chunk: i, total: Math.ceil(text.length / size), data: text.subarray(i * size, (i + 1) * size).toString("base64") });

describe("genesis index", () => {
  it("parses a genesis from many chunks, even with a character split between two", async () => {
    const g = await loadGenesis(chunks(997));
    expect(g.chunks).toBe(Math.ceil(text.length / 997));
    expect(g.bytes).toBe(text.length);
    expect(genesisNode(g, { path: [] }).entries.map((e) => e.key)).toEqual(["chain_id", "app_state", "é"]);
    expect(genesisNode(g, { path: ["é"] }).kind).toBe("string");
  });

  it("refuses a genesis above the size cap, and one that is not JSON", async () => {
    await expect(loadGenesis(chunks(997), 1000)).rejects.toMatchObject({ code: "genesis_too_large" });
    await expect(loadGenesis(async () => ({ chunk: 0, total: 1, data: Buffer.from("{nope").toString("base64") }))).rejects.toMatchObject({ code: "genesis_not_json" });
  });

  it("pages a node's children and cuts long values", async () => {
    const g = await loadGenesis(chunks(4096));
    const page = genesisNode(g, { path: ["app_state", "bank", "balances"], offset: 200, limit: 100 });
    expect(page).toMatchObject({ kind: "array", total: 250, offset: 200 });
    expect(page.entries.map((e) => e.key)).toEqual(Array.from({ length: 50 }, (_, i) => String(200 + i)));
    expect(page.entries[0]).toMatchObject({ kind: "object", size: 2, value: "" });
    const wasm = genesisNode(g, { path: ["app_state", "wasm"] }).entries[0]!;
    expect(wasm).toMatchObject({ key: "code", kind: "string", cut: true });
    expect(wasm.value.length).toBe(4096);
    expect(() => genesisNode(g, { path: ["app_state", "nope"] })).toThrow(/no such path/);
    expect(() => genesisNode(g, { path: ["__proto__"] })).toThrow(/no such path/);
  });

  it("searches keys and values across the whole file, bounded", async () => {
    const g = await loadGenesis(chunks(997));
    expect(genesisSearch(g, "DEVNET-7").matches).toEqual([{ path: ["chain_id"], value: "devnet-7" }]);
    const many = genesisSearch(g, "cosmos1addr");
    expect(many.matches.length).toBe(200);
    expect(many.truncated).toBe(true);
    expect(many.matches[0]).toEqual({ path: ["app_state", "bank", "balances", "0", "address"], value: "cosmos1addr0" });
    expect(genesisSearch(g, "code").matches[0]!.value.length).toBeLessThanOrEqual(202);
  });

  it("reads a network's genesis once, and again after a failure", async () => {
    let loads = 0;
    let fail = true;
    const cache = createGenesisCache(async () => {
      loads++;
      if (fail) throw new Error("away");
      return loadGenesis(chunks(4096));
    });
    await expect(cache.get("a")).rejects.toThrow("away");
    fail = false;
    await cache.get("a");
    await cache.get("a");
    expect(loads).toBe(2);
  });

  it("lets the parsed genesis go on a network switch and on clear, and reads it again after", async () => {
    const released: string[] = [];
    let loads = 0;
    const cache = createGenesisCache(async () => `genesis ${++loads}`, async (g) => void released.push(g));
    await cache.get("a");
    await cache.get("b"); // another network: the first is released
    await new Promise((r) => setImmediate(r));
    expect(released).toEqual(["genesis 1"]);
    await cache.clear(); // the services closing
    expect(released).toEqual(["genesis 1", "genesis 2"]);
    expect(await cache.get("b")).toBe("genesis 3");
  });
});
