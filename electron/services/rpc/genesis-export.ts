import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { AppError } from "../app-error.js";

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
 * The most a genesis read chunk by chunk may hold (digest, save): well above any chain's real
 * genesis, and a bound on what a lying node can make main download or write to disk.
 */
export const MAX_GENESIS_FILE_BYTES = 1024 * 1024 * 1024;
/** The most chunks a read asks for, whatever `total` a node claims (CometBFT's are 16 MiB each). */
export const MAX_GENESIS_CHUNKS = 1024;

export interface GenesisLimits {
  readonly maxBytes?: number;
  readonly maxChunks?: number;
}

export class GenesisChunkError extends AppError {
  constructor(code: "genesis_too_large" | "genesis_bad_chunks", message: string) {
    super(code, message);
  }
}

/**
 * Reads the genesis chunk by chunk, handing each one's bytes to `sink`, so main never holds
 * more than one chunk (16 MB on CometBFT) however large the genesis is. The node's `total` is
 * not trusted: it must be the same in every answer and within `maxChunks`, every chunk but the
 * last must carry bytes, and the whole stays within `maxBytes`; so a hostile node can neither
 * keep the loop going forever nor fill the disk through `saveGenesis`.
 */
export async function streamGenesis(fetchChunk: (index: number) => Promise<GenesisChunk>, sink?: (bytes: Buffer) => Promise<void>, limits: GenesisLimits = {}): Promise<GenesisDigest> {
  const maxBytes = limits.maxBytes ?? MAX_GENESIS_FILE_BYTES;
  const maxChunks = limits.maxChunks ?? MAX_GENESIS_CHUNKS;
  const hash = createHash("sha256");
  let bytes = 0;
  let total = 1;
  for (let i = 0; i < total; i++) {
    const chunk = await fetchChunk(i);
    if (chunk.chunk !== i) throw new GenesisChunkError("genesis_bad_chunks", `the node answered chunk ${chunk.chunk} for chunk ${i}`);
    if (i === 0) {
      if (!Number.isSafeInteger(chunk.total) || chunk.total < 1) throw new GenesisChunkError("genesis_bad_chunks", `the node claims ${chunk.total} genesis chunks`);
      if (chunk.total > maxChunks) throw new GenesisChunkError("genesis_too_large", `the node claims ${chunk.total} genesis chunks; at most ${maxChunks} are read`);
      total = chunk.total;
    } else if (chunk.total !== total) {
      throw new GenesisChunkError("genesis_bad_chunks", `the node said ${total} genesis chunks, then ${chunk.total}`);
    }
    const data = Buffer.from(chunk.data, "base64");
    if (data.length === 0 && i < total - 1) throw new GenesisChunkError("genesis_bad_chunks", `the node answered an empty chunk ${i} of ${total}`);
    if (bytes + data.length > maxBytes) throw new GenesisChunkError("genesis_too_large", `the genesis is larger than ${maxBytes} bytes`);
    hash.update(data);
    bytes += data.length;
    await sink?.(data);
  }
  return { sha256: hash.digest("hex").toUpperCase(), bytes, chunks: total };
}

/** Writes the genesis to `path` through a temporary file, so a failed read leaves no half file. */
export async function saveGenesis(fetchChunk: (index: number) => Promise<GenesisChunk>, path: string, limits: GenesisLimits = {}): Promise<GenesisDigest> {
  const tmp = `${path}.part`;
  const out = createWriteStream(tmp, { mode: 0o600 });
  try {
    const digest = await streamGenesis(fetchChunk, async (data) => {
      if (!out.write(data)) await once(out, "drain");
    }, limits);
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
