/**
 * The genesis worker: reads a genesis from the node chunk by chunk, hashes it, and parses it
 * (or writes it to a file), all off main's event loop. Each 16 MiB chunk's answer is 21 MiB of
 * JSON to parse and decode; the whole file parses for seconds. Done on main, that would stop
 * every IPC answer and live event meanwhile. A loaded genesis stays here for pages and searches.
 */
import { parentPort } from "node:worker_threads";
import { AppError } from "../app-error.js";
import { type GenesisChunk, type GenesisDigest, saveGenesis, streamGenesis } from "./genesis-export.js";
import { genesisNode, genesisSearch, loadGenesis, type ParsedGenesis } from "./genesis-index.js";
import { GenesisRequest, type GenesisSource } from "./genesis-protocol.js";
import { RpcResponseError } from "./rpc-errors.js";
import { transportFromSnapshot } from "./rpc-transport.js";
import * as W from "./rpc-wire.js";
import { toUriQuery } from "./uri-form.js";
import { serveRequests } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("genesis-worker.ts runs only as a worker thread");

let parsed: ParsedGenesis | undefined;

/** `genesis_chunked` through the snapshot of main's transport: the same endpoints, caps and checks. */
function chunkReader(source: GenesisSource): (i: number) => Promise<GenesisChunk> {
  const transport = transportFromSnapshot(source.transport);
  return async (i) => {
    const params = { chunk: String(i) };
    const answer = await transport.call({ route: "genesis_chunked", http: source.http, params: source.http === "GET" ? toUriQuery("genesis_chunked", params) : params, idempotent: true });
    const chunk = W.RpcGenesisChunk.safeParse(answer.result);
    if (!chunk.success) throw new RpcResponseError(answer.endpoint, `unexpected genesis_chunked answer: ${chunk.error.issues[0]?.path.join(".") ?? ""}`);
    return chunk.data;
  };
}

async function load(source: GenesisSource): Promise<GenesisDigest> {
  const { root: _root, ...digest } = (parsed = await loadGenesis(chunkReader(source), source.maxBytes));
  return digest;
}

function loaded(): ParsedGenesis {
  if (!parsed) throw new AppError("genesis_worker_failed", "the genesis is not loaded yet");
  return parsed;
}

async function run(request: GenesisRequest): Promise<unknown> {
  switch (request.op) {
    case "load":
      return load(request.source);
    case "digest":
      return streamGenesis(chunkReader(request.source));
    case "save":
      return saveGenesis(chunkReader(request.source), request.path);
    case "node":
      return genesisNode(loaded(), request.args);
    case "search":
      return genesisSearch(loaded(), request.query);
  }
}

serveRequests(port, GenesisRequest, run, "genesis_worker_failed");
