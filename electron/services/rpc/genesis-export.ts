import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { once } from "node:events";

/** One `genesis_chunked` answer. */
export interface GenesisChunk {
  readonly chunk: number;
  readonly total: number;
  readonly data: string;
}

export interface GenesisDigest {
  /** Upper-case hex sha256 of the genesis file's bytes. */
  readonly sha256: string;
  readonly bytes: number;
  readonly chunks: number;
}

/**
 * Reads the genesis chunk by chunk, handing each one's bytes to `sink`, so main never holds
 * more than one chunk (16 MB on CometBFT) however large the genesis is.
 */
export async function streamGenesis(fetchChunk: (index: number) => Promise<GenesisChunk>, sink?: (bytes: Buffer) => Promise<void>): Promise<GenesisDigest> {
  const hash = createHash("sha256");
  let bytes = 0;
  let total = 1;
  for (let i = 0; i < total; i++) {
    const chunk = await fetchChunk(i);
    if (chunk.chunk !== i) throw new Error(`the node answered chunk ${chunk.chunk} for chunk ${i}`);
    total = chunk.total;
    const data = Buffer.from(chunk.data, "base64");
    hash.update(data);
    bytes += data.length;
    await sink?.(data);
  }
  return { sha256: hash.digest("hex").toUpperCase(), bytes, chunks: total };
}

/** Writes the genesis to `path` through a temporary file, so a failed read leaves no half file. */
export async function saveGenesis(fetchChunk: (index: number) => Promise<GenesisChunk>, path: string): Promise<GenesisDigest> {
  const tmp = `${path}.part`;
  const out = createWriteStream(tmp, { mode: 0o600 });
  try {
    const digest = await streamGenesis(fetchChunk, async (data) => {
      if (!out.write(data)) await once(out, "drain");
    });
    out.end();
    await once(out, "finish");
    await rename(tmp, path);
    return digest;
  } catch (error) {
    out.destroy();
    await rm(tmp, { force: true });
    throw error;
  }
}
