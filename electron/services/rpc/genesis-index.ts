import type { ArgsOf, ResultOf } from "../../../shared/contract/index.js";
import { AppError } from "../app-error.js";
import { type GenesisChunk, type GenesisDigest, streamGenesis } from "./genesis-export.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export interface ParsedGenesis extends GenesisDigest { readonly root: Json }
type NodeAnswer = ResultOf<"chain.genesisNode">;
type Entry = NodeAnswer["entries"][number];

/** Above this a genesis is not parsed in main: the viewer keeps its chunk-by-chunk text view. */
export const DEFAULT_MAX_GENESIS_BYTES = 256 * 1024 * 1024;
/** A scalar longer than this (a wasm blob in base64) is cut when shown; search still sees all of it. */
const MAX_VALUE = 4096;
const SNIPPET = 200;

const isContainer = (v: Json | undefined): v is Json[] | { [k: string]: Json } => v !== null && typeof v === "object";
const kindOf = (v: Json): Entry["kind"] => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v === "object" ? "object" : (typeof v as "string" | "number" | "boolean"));
const sizeOf = (v: Json): number => (Array.isArray(v) ? v.length : isContainer(v) ? Object.keys(v).length : 0);
const scalarText = (v: Json): string => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * Reads every chunk once, hashing as it goes, and parses the whole file on the calling thread:
 * in main, that thread is the genesis worker's (`genesis-worker.ts`), never main's event loop.
 */
export async function loadGenesis(fetchChunk: (i: number) => Promise<GenesisChunk>, maxBytes = DEFAULT_MAX_GENESIS_BYTES): Promise<ParsedGenesis> {
  const parts: Buffer[] = [];
  let size = 0;
  const digest = await readGenesis(fetchChunk, maxBytes, (bytes) => {
    size += bytes.length;
    parts.push(bytes);
  });
  return { ...digest, root: parseGenesis(Buffer.concat(parts, size)) };
}

/** Streams the genesis to `sink` within `maxBytes`; past it, says to read it chunk by chunk. */
function readGenesis(fetchChunk: (i: number) => Promise<GenesisChunk>, maxBytes: number, sink: (bytes: Buffer) => void): Promise<GenesisDigest> {
  return streamGenesis(fetchChunk, async (bytes) => sink(bytes), { maxBytes }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "genesis_too_large") throw new AppError("genesis_too_large", `${error.message}; read it chunk by chunk`);
    throw error;
  });
}

/** The genesis file's bytes as a tree. */
function parseGenesis(bytes: Buffer): Json {
  try {
    return JSON.parse(bytes.toString("utf8")) as Json;
  } catch {
    throw new AppError("genesis_not_json", "the node's genesis is not valid JSON");
  }
}

/** The value at a path of keys (array indexes as decimal strings), or undefined. */
export function valueAt(root: Json, path: readonly string[]): Json | undefined {
  let cur: Json | undefined = root;
  for (const key of path) {
    if (!isContainer(cur)) return undefined;
    cur = Array.isArray(cur) ? (/^\d+$/.test(key) ? cur[Number(key)] : undefined) : Object.hasOwn(cur, key) ? cur[key] : undefined;
  }
  return cur;
}

/** One page of a node's children: containers as a summary (kind and size), scalars as text, cut. */
export function genesisNode(g: ParsedGenesis, a: ArgsOf<"chain.genesisNode">): NodeAnswer {
  const node = valueAt(g.root, a.path);
  if (node === undefined) throw new AppError("not_found", "no such path in the genesis");
  const offset = a.offset ?? 0;
  const end = offset + (a.limit ?? 100);
  // Only the asked page is built: an array of 400,000 balances must not cost 400,000 entries.
  const total = Array.isArray(node) ? node.length : isContainer(node) ? Object.keys(node).length : 0;
  const page: Array<[string, Json]> = Array.isArray(node)
    ? node.slice(offset, end).map((v, i) => [String(offset + i), v])
    : isContainer(node) ? Object.keys(node).slice(offset, end).map((k) => [k, node[k]!]) : [];
  const entries = page.map(([key, v]): Entry => {
    const text = isContainer(v) ? "" : scalarText(v);
    return { key, kind: kindOf(v), size: sizeOf(v), value: text.slice(0, MAX_VALUE), cut: text.length > MAX_VALUE };
  });
  return { sha256: g.sha256, bytes: g.bytes, chunks: g.chunks, kind: kindOf(node), total, offset, entries };
}

/** Deeper than this a search does not go (a hostile genesis could nest far enough to exhaust the stack). */
const MAX_SEARCH_DEPTH = 512;

/**
 * Paths whose key or scalar value contains the query (case-insensitive), depth first, at most
 * `limit`; each with a snippet around the first hit. One shared path stack and a
 * case-insensitive pattern keep a scan of a large genesis free of per-node allocations.
 */
export function genesisSearch(g: ParsedGenesis, query: string, limit = 200): ResultOf<"chain.genesisSearch"> {
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
  const matches: ResultOf<"chain.genesisSearch">["matches"] = [];
  const path: string[] = [];
  let truncated = false;
  const visit = (value: Json, key: string | undefined): void => {
    if (matches.length >= limit) {
      truncated = true;
      return;
    }
    const keyHit = key !== undefined && pattern.test(key);
    if (isContainer(value)) {
      if (keyHit) matches.push({ path: [...path], value: Array.isArray(value) ? `[${value.length} items]` : `{${sizeOf(value)} keys}` });
      if (path.length >= MAX_SEARCH_DEPTH) return;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length && !truncated; i++) {
          path.push(String(i));
          visit(value[i]!, undefined);
          path.pop();
        }
      } else {
        for (const k in value) {
          if (truncated) break;
          path.push(k);
          visit(value[k]!, k);
          path.pop();
        }
      }
      return;
    }
    const text = scalarText(value);
    const hit = pattern.exec(text);
    if (keyHit || hit) {
      const from = Math.max(0, (hit?.index ?? 0) - SNIPPET / 2);
      matches.push({ path: [...path], value: `${from > 0 ? "…" : ""}${text.slice(from, from + SNIPPET)}${text.length > from + SNIPPET ? "…" : ""}` });
    }
  };
  visit(g.root, undefined);
  return { matches, truncated };
}

/** The parsed genesis per network: a chain's genesis never changes, so it is read once. */
export function createGenesisCache<G>(load: () => Promise<G>, release: (g: G) => Promise<void> = async () => {}) {
  const byNetwork = new Map<string, Promise<G>>();
  /** Lets every parsed genesis go (a network switch, or the services closing). */
  const clear = async (): Promise<void> => {
    const old = [...byNetwork.values()];
    byNetwork.clear();
    await Promise.all(old.map((g) => g.then(release, () => {})));
  };
  return {
    get(networkId: string): Promise<G> {
      let entry = byNetwork.get(networkId);
      if (!entry) {
        // One parsed genesis at a time: a switch to another network lets the last one go.
        void clear();
        entry = load();
        byNetwork.set(networkId, entry);
        entry.catch(() => byNetwork.delete(networkId));
      }
      return entry;
    },
    clear,
  };
}
