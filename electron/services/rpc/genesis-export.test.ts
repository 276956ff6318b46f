import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GenesisChunk, saveGenesis, streamGenesis } from "./genesis-export.js";

const genesis = Buffer.from(JSON.stringify({ chain_id: "devnet", app_state: { padding: "x".repeat(5000) } }));
const chunker = (size: number) => {
  const parts: Buffer[] = [];
  for (let i = 0; i < genesis.length; i += size) parts.push(genesis.subarray(i, i + size));
  const asked: number[] = [];
  const fetch = async (i: number): Promise<GenesisChunk> => {
    asked.push(i);
    return { chunk: i, total: parts.length, data: parts[i]!.toString("base64") };
  };
  return { fetch, asked, count: parts.length };
};

describe("genesis export", () => {
  it("hashes every chunk in order to the digest of the whole file", async () => {
    const c = chunker(1024);
    const digest = await streamGenesis(c.fetch);
    expect(digest).toEqual({ sha256: createHash("sha256").update(genesis).digest("hex").toUpperCase(), bytes: genesis.length, chunks: c.count });
    expect(c.asked).toEqual([...Array(c.count).keys()]);
  });

  it("writes the genesis byte for byte", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "genesis-")), "genesis.json");
    await saveGenesis(chunker(700).fetch, path);
    expect(readFileSync(path)).toEqual(genesis);
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it("leaves no file behind when the node answers the wrong chunk", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "genesis-")), "genesis.json");
    const bad = async (i: number): Promise<GenesisChunk> => ({ chunk: i === 1 ? 5 : i, total: 3, data: "AAAA" });
    await expect(saveGenesis(bad, path)).rejects.toThrow(/chunk 5 for chunk 1/);
    expect(existsSync(path) || existsSync(`${path}.part`)).toBe(false);
  });
});
