/**
 * The read worker: reads the answers that can be large (a block, a page of tx_search results)
 * from the node, parses them, checks them against the wire schema, the network's chain and the
 * transactions' hashes, and hands main the adapted result, a block one page of transactions at
 * a time (it keeps the last few blocks for their next pages). A block of 10,000 transactions is
 * a 3.5 MB answer whose parse and checks take tens of milliseconds: done on main, they would
 * hold up every IPC answer and live event.
 */
import { parentPort } from "node:worker_threads";
import type { z } from "zod";
import { assertBlockFound, assertChain, assertTxHash, notUnderstood } from "./answer-checks.js";
import * as A from "./chain-adaptor.js";
import { ReadRequest } from "./read-protocol.js";
import { RpcResponseError } from "./rpc-errors.js";
import { transportFromSnapshot } from "./rpc-transport.js";
import * as W from "./rpc-wire.js";
import { toUriQuery } from "./uri-form.js";
import { serveRequests } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("read-worker.ts runs only as a worker thread");

/** Blocks kept parsed for the next page of their transactions: the block page reads one at a time. */
const RECENT_BLOCKS = 4;

type WireBlock = z.output<typeof W.RpcBlockResponse>;
/** By network and height, the oldest dropped first. */
const recent = new Map<string, WireBlock>();
function keep(key: string, block: WireBlock): void {
  recent.delete(key);
  recent.set(key, block);
  if (recent.size > RECENT_BLOCKS) recent.delete(recent.keys().next().value!);
}

/** `route`'s answer through the snapshot of main's transport (the same endpoints, caps and checks), checked as main checks it. */
async function checkedCall<S extends z.ZodType>(r: ReadRequest, route: string, params: Record<string, string | boolean>, schema: S): Promise<{ data: z.output<S>; endpoint: string }> {
  const answer = await transportFromSnapshot(r.transport).call({ route, http: r.http, params: r.http === "GET" ? toUriQuery(route, params) : params, idempotent: true });
  assertBlockFound(route, answer.result);
  const parsed = schema.safeParse(answer.result);
  if (!parsed.success) throw new RpcResponseError(answer.endpoint, notUnderstood(route, answer.result, parsed.error.issues[0]));
  assertChain(answer.endpoint, r.expectedChainId, route, parsed.data);
  return { data: parsed.data, endpoint: answer.endpoint };
}

async function run(r: ReadRequest): Promise<unknown> {
  switch (r.op) {
    case "block": {
      // A known height's block is fixed: its next page comes from the blocks read last.
      const known = r.read.route === "block" && r.read.height !== undefined ? recent.get(`${r.networkId}/${r.read.height}`) : undefined;
      const { route, ...params } = r.read;
      const defined = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
      const block = known ?? (await checkedCall(r, route, defined, W.RpcBlockResponse)).data;
      keep(`${r.networkId}/${block.block.header.height}`, block);
      return A.block(block, r.page);
    }
    case "txSearch": {
      const { data, endpoint } = await checkedCall(r, "tx_search", r.params, W.RpcTxSearch);
      for (const t of data.txs) assertTxHash(endpoint, t);
      return { totalCount: data.total_count, txs: data.txs.map(A.txResponse) };
    }
  }
}

serveRequests(port, ReadRequest, run, "read_worker_failed");
