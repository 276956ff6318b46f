import { fromBase64 } from "@cosmjs/encoding";

/**
 * Genesis arrives in base64 chunks (`genesis_chunked`, 16 MB each on CometBFT). The viewer holds
 * one at a time; the file's hash is computed in main (chain.genesisDigest), chunk by chunk.
 */
export interface ChunkText {
  readonly index: number;
  readonly total: number;
  readonly bytes: number;
  readonly text: string;
}

/** One chunk's bytes as text. A multi-byte character split across chunks shows as U+FFFD. */
export function chunkText(chunk: { chunk: number; total: number; data: string }): ChunkText {
  const bytes = fromBase64(chunk.data);
  return { index: chunk.chunk, total: chunk.total, bytes: bytes.length, text: new TextDecoder("utf-8", { fatal: false }).decode(bytes) };
}
