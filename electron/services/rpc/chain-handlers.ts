import { basename } from "node:path";
import { fromHex, toBase64 } from "@cosmjs/encoding";
import { z } from "zod";
import type { chainMethods, HttpMethod } from "../../../shared/contract/chain.js";
import type { ResultOf } from "../../../shared/contract/index.js";
import type { JsonValue } from "../../../shared/primitives.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import * as A from "./chain-adaptor.js";
import { AppError } from "../app-error.js";
import { assertBlockFound, assertChain, assertTxHash, notUnderstood } from "./answer-checks.js";
import { RpcError, RpcResponseError } from "./rpc-errors.js";
import type { RpcTransport } from "./rpc-transport.js";
import * as W from "./rpc-wire.js";
import { toUriQuery } from "./uri-form.js";
import { blockResults, legacyResult } from "./block-results.js";
import { createGenerationCache, describeGeneration } from "./node-generation.js";
import { readSdkVersion } from "../../../shared/cosmos/base/node-info.js";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { readMonikers } from "../../../shared/cosmos/staking/queries.js";
import { createMonikerCache } from "./moniker-cache.js";
import { digestGenesis, type GenesisSource, openGenesis, saveGenesisTo } from "./genesis-host.js";
import { createGenesisCache, DEFAULT_MAX_GENESIS_BYTES } from "./genesis-index.js";
import { createReadWorker, type ReadWorker } from "./read-host.js";
import type { ReadRequest } from "./read-protocol.js";
import type { FeedCommit } from "../../../watch/feed-commit.js";

export interface ChainDeps {
  readonly transport: RpcTransport;
  /** The settings' default HTTP form, used when a call does not choose one. */
  readonly defaultMethod: () => HttpMethod;
  /** The live block feed's view of the connection (chain.connection). */
  readonly connection: () => Omit<z.output<(typeof chainMethods)["connection"]["result"]>, "failover">;
  /** The selected network's chain id: an answer naming another chain is refused (rpc_wrong_chain). */
  readonly expectedChainId?: () => string | undefined;
  /** The largest genesis main parses for the tree and search (default 256 MiB). */
  readonly maxGenesisBytes?: number;
  /** The worker thread large answers are read in; when none is given, the handlers start their own and close it with `onClose`. */
  readonly reader?: ReadWorker;
  /** Registers what the services' close must release (the genesis and read workers). */
  readonly onClose?: (release: () => Promise<void>) => void;
  /** Where to save an export: the app's save dialog, or undefined when the user cancels. */
  readonly chooseSavePath?: (suggestedName: string) => Promise<string | undefined>;
  /** Who signed `height`, when the live feed's NewBlock frames carried it (block-feed.ts `commitOf`). */
  readonly commitFromFeed?: (networkId: string, height: bigint) => FeedCommit | undefined;
}

/** `read()`, or `instead()` when the node has no route for it (rpc_route_missing). */
async function withoutRoute<T>(read: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === ERROR_CODES.rpcRouteMissing) return instead();
    throw error;
  }
}

/** Which route a header was read from. */
type HeaderRoute = "header" | "block";

type BlockRead = Extract<ReadRequest, { op: "block" }>["read"];

type Params = Record<string, string | number | boolean | undefined>;

/** How many final commits `commit` keeps: the signing record's longest window. */
const FINAL_COMMITS_KEPT = 128;

/** How long to wait before asking again for the latest consensus params a node had not stored yet. */
const PARAMS_RETRY_MS = 250;

/** Registers `chain.*`: each route's parameters encoded once, answers checked and adapted once. */
export function registerChainHandlers(deps: ChainDeps): NamespaceHandlers<"chain"> {
  async function checkedCall<S extends z.ZodType>(route: string, params: Params, schema: S, via?: HttpMethod, idempotent = true): Promise<{ data: z.output<S>; endpoint: string }> {
    const http = via ?? deps.defaultMethod();
    const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
    const answer = await deps.transport.call({ route, http, params: http === "GET" ? toUriQuery(route, defined) : defined, idempotent });
    assertBlockFound(route, answer.result);
    const parsed = schema.safeParse(answer.result);
    if (!parsed.success) throw new RpcResponseError(answer.endpoint, notUnderstood(route, answer.result, parsed.error.issues[0]));
    assertChain(answer.endpoint, deps.expectedChainId?.(), route, parsed.data);
    return { data: parsed.data, endpoint: answer.endpoint };
  }
  const call = async <S extends z.ZodType>(route: string, params: Params, schema: S, via?: HttpMethod, idempotent = true): Promise<z.output<S>> =>
    (await checkedCall(route, params, schema, via, idempotent)).data;
  const b64 = (hex: string) => toBase64(fromHex(hex));
  const num = (n: number | undefined) => (n === undefined ? undefined : String(n));
  const searchParams = (a: { query: string; page?: number; perPage?: number; orderBy?: string }) => ({
    query: a.query, page: num(a.page), per_page: num(a.perPage), order_by: a.orderBy,
  });
  const broadcast = async (route: string, a: { tx: string; via?: HttpMethod }) => {
    const w = await call(route, { tx: a.tx }, W.RpcBroadcast, a.via, false);
    return { code: w.code, codespace: w.codespace ?? "", log: w.log ?? "", data: w.data ?? "", hash: w.hash };
  };
  const raw = async (route: string, via?: HttpMethod) => ({ value: await call(route, {}, z.json(), via) });
  /**
   * The last final commits read, by network, chain and height: without a websocket the watch reads
   * each block's commit and the signing record asks for the same heights a block later, so the
   * second asks nothing. A final (canonical) commit never changes; the newest height's is not kept.
   */
  const finalCommits = new Map<string, ResultOf<"chain.commit">>();
  const readCommit = async (height: string | undefined, via?: HttpMethod): Promise<ResultOf<"chain.commit">> => {
    const key = height === undefined ? undefined : `${deps.connection().networkId}/${deps.expectedChainId?.() ?? ""}/${height}`;
    const kept = key === undefined ? undefined : finalCommits.get(key);
    if (kept) return kept;
    const w = await call("commit", { height }, W.RpcCommitAnswer, via);
    const answer = { header: A.header(w.signed_header.header), commit: A.commit(w.signed_header.commit), canonical: w.canonical };
    if (key !== undefined && answer.canonical) {
      finalCommits.set(key, answer);
      while (finalCommits.size > FINAL_COMMITS_KEPT) finalCommits.delete(finalCommits.keys().next().value!);
    }
    return answer;
  };
  /** Where a genesis worker reads from: this transport's endpoints and settings, and the method. */
  const genesisSource = async (via?: HttpMethod): Promise<GenesisSource> => ({
    transport: await deps.transport.snapshot(),
    http: via ?? deps.defaultMethod(),
    maxBytes: deps.maxGenesisBytes ?? DEFAULT_MAX_GENESIS_BYTES,
  });

  const abciQuery = async (a: { path: string; data?: string; height?: string; prove?: boolean; via?: HttpMethod }) => {
    const r = (await call("abci_query", { path: a.path, data: a.data, height: a.height, prove: a.prove }, W.RpcAbciQuery, a.via)).response;
    return { code: r.code ?? 0, codespace: r.codespace ?? "", log: r.log ?? "", key: r.key ?? "", value: r.value ?? "", height: r.height ?? "0", index: r.index ?? "0" };
  };
  /** What the node runs: the readings that differ by generation choose by it (node-generation.ts). */
  const readGeneration = async (via?: HttpMethod) => {
    const status = await call("status", {}, W.RpcStatus, via);
    const [info, sdk] = await Promise.all([
      call("abci_info", {}, W.RpcAbciInfo, via).then((w) => w.response.version ?? "", () => ""),
      readSdkVersion((q) => abciQuery({ ...q, via })).catch(() => null),
    ]);
    return describeGeneration(status.node_info.version, info, sdk);
  };
  const generations = createGenerationCache(() => readGeneration());
  /** Whether the node is of Tendermint 0.34, whose event attributes are base64 (block-results.ts). */
  const legacy = async () => (await generations.generation(deps.connection().networkId)) === "tendermint-0.34";
  const monikers = createMonikerCache();
  const reader = deps.reader ?? createReadWorker();
  if (!deps.reader) deps.onClose?.(() => reader.close());
  /** Where the read worker asks: this transport's endpoints and settings, the method, and the chain. */
  // The worker's read counts against this network's request budget: main takes its slot first.
  const readVia = async (via?: HttpMethod) => ({ transport: await deps.transport.snapshot({ reserve: true }), http: via ?? deps.defaultMethod(), expectedChainId: deps.expectedChainId?.() });
  /** A page of a block, read, checked and adapted in the read worker (read-worker.ts), which keeps the last few. */
  const blockPage = async (read: BlockRead, page: { offset?: number; limit?: number }, via?: HttpMethod) =>
    reader.read<ResultOf<"chain.block">>({ op: "block", ...(await readVia(via)), networkId: deps.connection().networkId, read, page });
  const genesis = createGenesisCache(async () => openGenesis(await genesisSource()), (g) => g.close());
  const parsedGenesis = () => genesis.get(deps.connection().networkId);
  deps.onClose?.(() => genesis.clear());

  return {
    abciInfo: async (a) => {
      const r = (await call("abci_info", {}, W.RpcAbciInfo, a.via)).response;
      return { data: r.data ?? "", version: r.version ?? "", appVersion: r.app_version ?? "0", lastBlockHeight: r.last_block_height ?? "0", lastBlockAppHash: r.last_block_app_hash ?? "" };
    },
    abciQuery,
    // A paged read (the block page's) may be of a block of any size: it is read off main's event
    // loop. A whole block (the live feed's, a raw view's) is read here, as any other answer.
    block: async (a) => {
      const page = { offset: a.txOffset, limit: a.txLimit };
      if (page.limit !== undefined) return blockPage({ route: "block", height: a.height }, page, a.via);
      return A.block(await call("block", { height: a.height }, W.RpcBlockResponse, a.via), page);
    },
    blockByHash: async (a) => {
      const page = { offset: a.txOffset, limit: a.txLimit };
      if (page.limit !== undefined) return blockPage({ route: "block_by_hash", hash: b64(a.hash) }, page, a.via);
      return A.block(await call("block_by_hash", { hash: b64(a.hash) }, W.RpcBlockResponse, a.via), page);
    },
    blockResults: async (a) => {
      // Asked beside the answer, not after it: only the first read of a network waits for it.
      const generation = generations.generation(deps.connection().networkId);
      const w = await call("block_results", { height: a.height }, W.RpcBlockResults, a.via);
      return blockResults(w, await generation);
    },
    blockchain: async (a) => {
      const w = await call("blockchain", { minHeight: a.minHeight, maxHeight: a.maxHeight }, W.RpcBlockchain, a.via);
      return { lastHeight: w.last_height, blockMetas: w.block_metas.map((m) => ({ blockId: A.blockId(m.block_id), blockSize: m.block_size, header: A.header(m.header), numTxs: m.num_txs })) };
    },
    blockSearch: async (a) => {
      const w = await call("block_search", searchParams(a), W.RpcBlockSearch, a.via);
      const blocks: Awaited<ReturnType<typeof A.block>>[] = [];
      for (const b of w.blocks) blocks.push(await A.block(b));
      return { totalCount: w.total_count, blocks };
    },
    // Tendermint 0.34 has no header routes: the block's own header is the same header, said so.
    header: (a) =>
      withoutRoute(
        async () => ({ ...A.header((await call("header", { height: a.height }, W.RpcHeaderAnswer, a.via)).header), readFrom: "header" as HeaderRoute }),
        async () => ({ ...A.header((await call("block", { height: a.height }, W.RpcBlockResponse, a.via)).block.header), readFrom: "block" as HeaderRoute }),
      ),
    headerByHash: (a) =>
      withoutRoute(
        async () => ({ ...A.header((await call("header_by_hash", { hash: a.hash }, W.RpcHeaderAnswer, a.via)).header), readFrom: "header" as HeaderRoute }),
        async () => ({ ...A.header((await call("block_by_hash", { hash: b64(a.hash) }, W.RpcBlockResponse, a.via)).block.header), readFrom: "block" as HeaderRoute }),
      ),
    commit: (a) => readCommit(a.height, a.via),
    commitSignatures: async (a) => {
      // A frame's last_commit is the final commit the next block carries: the same one `commit` answers, without a request.
      const seen = deps.commitFromFeed?.(deps.connection().networkId, BigInt(a.height));
      if (seen) return { height: a.height, canonical: true, from: "feed" as const, signatures: seen.signatures.map((s) => ({ blockIdFlag: s.flag, validatorAddress: s.address })) };
      const { commit, canonical } = await readCommit(a.height, a.via);
      return { height: commit.height, canonical, from: "node" as const, signatures: commit.signatures.map((s) => ({ blockIdFlag: s.blockIdFlag, validatorAddress: s.validatorAddress })) };
    },
    consensusState: (a) => raw("consensus_state", a.via),
    dumpConsensusState: (a) => raw("dump_consensus_state", a.via),
    consensusParams: async (a) => {
      const read = () => call("consensus_params", { height: a.height }, W.RpcConsensusParams, a.via);
      // Asked for the latest height, a node can answer for a block whose params it has not
      // stored yet ("could not find consensus params for height"): asked again, it has them.
      const w = await read().catch(async (error: unknown) => {
        if (a.height !== undefined || !(error instanceof RpcError) || !/could not find consensus params/.test(error.message)) throw error;
        await new Promise((r) => setTimeout(r, PARAMS_RETRY_MS));
        return read();
      });
      return { blockHeight: w.block_height, params: w.consensus_params };
    },
    genesis: (a) => raw("genesis", a.via),
    genesisChunked: async (a) => call("genesis_chunked", { chunk: String(a.chunk) }, W.RpcGenesisChunk, a.via),
    genesisDigest: async (a) => digestGenesis(await genesisSource(a.via)),
    genesisNode: async (a) => (await parsedGenesis()).node(a),
    genesisSearch: async (a) => (await parsedGenesis()).search(a.query),
    saveGenesis: async (a) => {
      const chainId = (await call("status", {}, W.RpcStatus, a.via)).node_info.network.replace(/[^\w.-]/g, "_");
      if (!deps.chooseSavePath) throw new AppError("not_supported", "saving files is not available here");
      const path = await deps.chooseSavePath(`genesis-${chainId}.json`);
      if (!path) return { saved: false as const };
      return { saved: true as const, fileName: basename(path), ...(await saveGenesisTo(await genesisSource(a.via), path)) };
    },
    tx: async (a) => {
      const old = legacy();
      const { data, endpoint } = await checkedCall("tx", { hash: b64(a.hash), prove: a.prove }, W.RpcTxResponse, a.via);
      assertTxHash(endpoint, data, a.hash);
      const r = A.txResponse(data);
      return (await old) ? { ...r, result: legacyResult(r.result) } : r;
    },
    // Up to 100 results with their events, each hashed: parsed, checked and adapted off main's event loop.
    txSearch: async (a) => {
      const params = Object.fromEntries(Object.entries({ ...searchParams(a), prove: a.prove }).filter((e): e is [string, string | boolean] => e[1] !== undefined));
      const old = legacy();
      const found = await reader.read<ResultOf<"chain.txSearch">>({ op: "txSearch", ...(await readVia(a.via)), params });
      return (await old) ? { ...found, txs: found.txs.map((t) => ({ ...t, result: legacyResult(t.result) })) } : found;
    },
    broadcastTxSync: (a) => broadcast("broadcast_tx_sync", a),
    broadcastTxAsync: (a) => broadcast("broadcast_tx_async", a),
    broadcastTxCommit: async (a) => {
      const w = await call("broadcast_tx_commit", { tx: a.tx }, W.RpcBroadcastCommit, a.via, false);
      const old = await legacy();
      const result = (r: W.RpcExecTxResult) => (old ? legacyResult(A.execTxResult(r)) : A.execTxResult(r));
      return { hash: w.hash, height: w.height, checkTx: result(w.check_tx), txResult: result((w.tx_result ?? w.deliver_tx)!) };
    },
    checkTx: async (a) => {
      const old = legacy();
      const r = A.execTxResult(await call("check_tx", { tx: a.tx }, W.RpcExecTxResult, a.via, false));
      return (await old) ? legacyResult(r) : r;
    },
    validators: async (a) => {
      const w = await call("validators", { height: a.height, page: num(a.page), per_page: num(a.perPage) }, W.RpcValidators, a.via);
      return {
        blockHeight: w.block_height, total: w.total, count: w.count,
        validators: w.validators.map((v) => ({ address: v.address, pubKey: v.pub_key, votingPower: v.voting_power, proposerPriority: v.proposer_priority })),
      };
    },
    validatorMonikers: async (a) => {
      // At the head, the live feed's last height keys the cache, so each block costs one read.
      const { networkId, lastHeight } = deps.connection();
      const at = a.height ?? lastHeight ?? undefined;
      const read = () => readMonikers((q) => abciQuery({ ...q, via: a.via }), at);
      return at ? monikers.get(networkId, at, read) : read();
    },
    unconfirmedTxs: async (a) => {
      const w = await call("unconfirmed_txs", { limit: num(a.limit) }, W.RpcMempool, a.via);
      return { ...A.mempool(w), txs: w.txs };
    },
    numUnconfirmedTxs: async (a) => A.mempool(await call("num_unconfirmed_txs", {}, W.RpcMempool, a.via)),
    health: async (a) => (await call("health", {}, W.RpcHealth, a.via), { healthy: true as const }),
    generation: async (a) => (a.via ? readGeneration(a.via) : generations.get(deps.connection().networkId)),
    status: async (a) => {
      const w = await call("status", {}, W.RpcStatus, a.via);
      return {
        nodeInfo: { id: w.node_info.id, network: w.node_info.network, moniker: w.node_info.moniker, version: w.node_info.version, listenAddr: w.node_info.listen_addr },
        syncInfo: {
          latestBlockHash: w.sync_info.latest_block_hash, latestAppHash: w.sync_info.latest_app_hash, latestBlockHeight: w.sync_info.latest_block_height,
          latestBlockTime: w.sync_info.latest_block_time, earliestBlockHeight: w.sync_info.earliest_block_height, catchingUp: w.sync_info.catching_up,
        },
        validatorInfo: { address: w.validator_info.address, votingPower: w.validator_info.voting_power, pubKey: w.validator_info.pub_key ?? null },
      };
    },
    netInfo: async (a) => {
      const w = await call("net_info", {}, W.RpcNetInfo, a.via);
      return {
        listening: w.listening, listeners: w.listeners, peerCount: w.n_peers,
        peers: w.peers.map((p) => ({
          nodeId: p.node_info.id, moniker: p.node_info.moniker, remoteIp: p.remote_ip, isOutbound: p.is_outbound, listenAddr: p.node_info.listen_addr ?? "",
          sendRate: p.connection_status?.SendMonitor?.CurRate ?? 0, recvRate: p.connection_status?.RecvMonitor?.CurRate ?? 0,
          sentBytes: p.connection_status?.SendMonitor?.Bytes ?? 0, receivedBytes: p.connection_status?.RecvMonitor?.Bytes ?? 0,
        })),
      };
    },
    rawCall: async (a) => {
      // GET parameters are sent as typed (the console speaks the URI form); POST ones as JSON.
      const params = a.method === "GET" ? Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, String(v)])) : a.params;
      const answer = await deps.transport.call({ route: a.route, http: a.method, params, idempotent: a.route !== "check_tx" });
      return { route: a.route, method: a.method, endpoint: answer.endpoint, elapsedMs: Math.round(answer.elapsedMs), result: answer.result as JsonValue };
    },
    connection: async () => ({ ...deps.connection(), failover: deps.transport.lastFailover() ?? null }),
  };
}
