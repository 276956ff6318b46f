import type { ArgsOf, ResultOf } from "../../../shared/contract/index.js";
import { AppError } from "../app-error.js";
import type { GenesisDigest } from "./genesis-export.js";
import type { GenesisRequest, GenesisSource } from "./genesis-protocol.js";
import { startWorker } from "./worker-host.js";

export type { GenesisSource } from "./genesis-protocol.js";

/** A genesis read, hashed and parsed in its own worker thread, which keeps it for pages and searches. */
export interface GenesisHandle extends GenesisDigest {
  node(args: ArgsOf<"chain.genesisNode">): Promise<ResultOf<"chain.genesisNode">>;
  search(query: string): Promise<ResultOf<"chain.genesisSearch">>;
  close(): Promise<void>;
}

/** The worker's heap: a 256 MiB genesis parses to well over a gibibyte of objects. */
const WORKER_HEAP_MB = 4096;

/** A genesis worker; main has one per network's parsed genesis, and one per digest or save. */
const startGenesisWorker = (heapMb: number) => startWorker<GenesisRequest>({ name: "genesis-worker", heapMb, failCode: "genesis_worker_failed", label: "the genesis worker" });

const done = new AppError("genesis_closed", "the genesis was let go (another network was chosen)");

/**
 * Reads, hashes and parses the genesis in a worker thread, which keeps it: main's event loop
 * neither parses the 21 MiB answer of each chunk nor the whole file, nor walks it for a search.
 */
export async function openGenesis(source: GenesisSource, heapMb = WORKER_HEAP_MB): Promise<GenesisHandle> {
  const w = startGenesisWorker(heapMb);
  try {
    const digest = await w.ask<GenesisDigest>((id) => ({ op: "load", id, source }));
    return {
      ...digest,
      node: (args) => w.ask((id) => ({ op: "node", id, args: { path: [...args.path], offset: args.offset, limit: args.limit } })),
      search: (query) => w.ask((id) => ({ op: "search", id, query })),
      close: () => w.stop(done),
    };
  } catch (error) {
    await w.stop(done);
    throw error;
  }
}

/** One job in a worker of its own, stopped when it ends. */
async function once<T>(request: (id: number) => GenesisRequest): Promise<T> {
  const w = startGenesisWorker(WORKER_HEAP_MB);
  try {
    return await w.ask<T>(request);
  } finally {
    await w.stop(done);
  }
}

/** The genesis's sha256, size and chunk count, read in a worker thread. */
export function digestGenesis(source: GenesisSource): Promise<GenesisDigest> {
  return once((id) => ({ op: "digest", id, source }));
}

/** Writes the genesis to `path` from a worker thread (through a temporary file beside it). */
export function saveGenesisTo(source: GenesisSource, path: string): Promise<GenesisDigest> {
  return once((id) => ({ op: "save", id, source, path }));
}
