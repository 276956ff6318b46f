import { Worker } from "node:worker_threads";
import type { ArgsOf, ResultOf } from "../../../shared/contract/index.js";
import { AppError } from "../app-error.js";
import type { GenesisDigest } from "./genesis-export.js";
import { GenesisReply, type GenesisRequest, type GenesisSource } from "./genesis-protocol.js";

export type { GenesisSource } from "./genesis-protocol.js";

/** A genesis read, hashed and parsed in its own worker thread, which keeps it for pages and searches. */
export interface GenesisHandle extends GenesisDigest {
  node(args: ArgsOf<"chain.genesisNode">): Promise<ResultOf<"chain.genesisNode">>;
  search(query: string): Promise<ResultOf<"chain.genesisSearch">>;
  close(): Promise<void>;
}

/** The worker's heap: a 256 MiB genesis parses to well over a gibibyte of objects. */
const WORKER_HEAP_MB = 4096;

/** The worker script beside this module: TypeScript when run from source, the bundle's file when built. */
function workerScript(): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith(".ts")) return { url: new URL("./genesis-worker.js", import.meta.url) };
  const hasTsx = process.execArgv.some((a) => a.includes("tsx"));
  return { url: new URL("./genesis-worker.ts", import.meta.url), execArgv: hasTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"] };
}

type Ask = <T>(request: GenesisRequest) => Promise<T>;

/**
 * Starts a genesis worker. Its requests are answered in order of arrival; a worker that dies (out
 * of memory on a hostile genesis, say) fails what was asked of it with `genesis_worker_failed`,
 * and main goes on.
 */
function startWorker(heapMb: number): { ask: Ask; nextId: () => number; stop: (reason: AppError) => Promise<void> } {
  const script = workerScript();
  const worker = new Worker(script.url, { execArgv: script.execArgv, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  worker.unref(); // an idle parsed genesis never keeps the process alive
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let failure: AppError | undefined;
  let id = 0;
  const fail = (error: AppError) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  worker.on("message", (raw: unknown) => {
    const reply = GenesisReply.safeParse(raw);
    if (!reply.success) return fail(new AppError("genesis_worker_failed", "the genesis worker answered something unreadable"));
    const w = waiting.get(reply.data.id);
    waiting.delete(reply.data.id);
    if (reply.data.ok) w?.resolve(reply.data.value);
    else w?.reject(new AppError(reply.data.code, reply.data.message));
  });
  worker.on("error", (error) => fail(new AppError("genesis_worker_failed", `the genesis worker stopped: ${error.message}`)));
  worker.on("exit", (code) => fail(new AppError("genesis_worker_failed", `the genesis worker exited (code ${code})`)));
  return {
    nextId: () => ++id,
    ask: <T>(request: GenesisRequest) =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure);
        waiting.set(request.id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage(request);
      }),
    stop: async (reason) => {
      fail(reason);
      await worker.terminate();
    },
  };
}

const done = new AppError("genesis_closed", "the genesis was let go (another network was chosen)");

/**
 * Reads, hashes and parses the genesis in a worker thread, which keeps it: main's event loop
 * neither parses the 21 MiB answer of each chunk nor the whole file, nor walks it for a search.
 */
export async function openGenesis(source: GenesisSource, heapMb = WORKER_HEAP_MB): Promise<GenesisHandle> {
  const w = startWorker(heapMb);
  try {
    const digest = await w.ask<GenesisDigest>({ op: "load", id: w.nextId(), source });
    return {
      ...digest,
      node: (args) => w.ask({ op: "node", id: w.nextId(), args: { path: [...args.path], offset: args.offset, limit: args.limit } }),
      search: (query) => w.ask({ op: "search", id: w.nextId(), query }),
      close: () => w.stop(done),
    };
  } catch (error) {
    await w.stop(done);
    throw error;
  }
}

/** One job in a worker of its own, stopped when it ends. */
async function once<T>(request: (id: number) => GenesisRequest): Promise<T> {
  const w = startWorker(WORKER_HEAP_MB);
  try {
    return await w.ask<T>(request(w.nextId()));
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
