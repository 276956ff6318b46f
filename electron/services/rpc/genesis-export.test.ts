import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GenesisChunk, MAX_GENESIS_CHUNKS, saveGenesis, streamGenesis } from "./genesis-export.js";

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

  describe("a node that lies about its chunks", () => {
    /** A node answering every chunk asked, `total` and data as `answer` says; counts what it was asked. */
    const lying = (answer: (i: number) => { total: number; data: string }, patience = 10_000) => {
      const asked: number[] = [];
      const fetch = async (i: number): Promise<GenesisChunk> => {
        asked.push(i);
        if (asked.length > patience) throw new Error("the reader never stopped asking");
        return { chunk: i, ...answer(i) };
      };
      return { fetch, asked };
    };

    it("reads no more than one chunk of a genesis claiming more chunks than the cap", async () => {
      const node = lying(() => ({ total: 2 ** 40, data: "AAAA" }));
      await expect(streamGenesis(node.fetch)).rejects.toMatchObject({ code: "genesis_too_large" });
      expect(node.asked).toEqual([0]);
      const atCap = lying(() => ({ total: MAX_GENESIS_CHUNKS + 1, data: "AAAA" }));
      await expect(streamGenesis(atCap.fetch)).rejects.toMatchObject({ code: "genesis_too_large" });
    });

    it("stops at an empty chunk that is not the last, and at a total that changes between answers", async () => {
      const empty = lying(() => ({ total: 500, data: "" }));
      await expect(streamGenesis(empty.fetch)).rejects.toMatchObject({ code: "genesis_bad_chunks" });
      expect(empty.asked).toEqual([0]);
      const growing = lying((i) => ({ total: i + 2, data: "AAAA" }));
      await expect(streamGenesis(growing.fetch)).rejects.toMatchObject({ code: "genesis_bad_chunks" });
      expect(growing.asked).toEqual([0, 1]);
      const none = lying(() => ({ total: 0, data: "" }));
      await expect(streamGenesis(none.fetch)).rejects.toMatchObject({ code: "genesis_bad_chunks" });
    });

    it("stops saving at the byte cap and leaves no file behind, so the disk cannot be filled", async () => {
      const path = join(mkdtempSync(join(tmpdir(), "genesis-")), "genesis.json");
      const mib = Buffer.alloc(1 << 20, 0x61).toString("base64");
      const node = lying(() => ({ total: 1000, data: mib }), 8);
      await expect(saveGenesis(node.fetch, path, { maxBytes: 4 << 20 })).rejects.toMatchObject({ code: "genesis_too_large" });
      expect(node.asked).toEqual([0, 1, 2, 3, 4]);
      expect(existsSync(path) || existsSync(`${path}.part`)).toBe(false);
    });
  });
});
