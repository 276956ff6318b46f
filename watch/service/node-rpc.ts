import { z } from "zod";
import { readBlockEvidence } from "../../shared/cosmos/evidence/block-evidence.js";
import { ERROR_CODES } from "../../shared/error-codes.js";
import { BudgetWaitTooLongError, DEFAULT_MAX_WAIT_MS, type RequestBudgets, retryAfterMs, sharedRequestBudgets, waitDeadline } from "../../shared/net/request-budget.js";
import type { NodeClient } from "../node-probe.js";
import type { WatchChain } from "../watch-service.js";

/**
 * The CometBFT JSON-RPC reads the headless watch makes, over plain fetch: the few fields the
 * watch reads of `status`, `net_info`, `num_unconfirmed_txs`, `commit`, `block` (its evidence), `validators` and
 * `abci_query` (CometBFT 0.37 to 1.0's JSON). Every answer is hostile input: parsed by zod, and
 * bounded in size before it is parsed. Every request takes a slot of its node's budget in the
 * process (shared/net/request-budget.ts, the app's main uses the same module) as background work;
 * a refusal for load is waited out within a bound, and past it said with the code the probe reads.
 */

const MAX_ANSWER_BYTES = 4 << 20;
const Dec = z.string().regex(/^\d{1,20}$/);
const Hex = z.string().max(256).regex(/^[0-9A-Fa-f]*$/);
const B64 = z.string().max(MAX_ANSWER_BYTES).regex(/^[A-Za-z0-9+/]*={0,2}$/);

const Status = z.object({
  node_info: z.object({ id: z.string().max(64).optional(), moniker: z.string().max(256), version: z.string().max(128) }),
  sync_info: z.object({ latest_block_height: Dec, earliest_block_height: Dec, latest_block_time: z.string().max(64), catching_up: z.boolean() }),
  // A node that says nothing of its key, or says it in a shape not known, is probed all the same.
  validator_info: z.object({ pub_key: z.object({ type: z.string().max(64), value: z.string().max(256) }), voting_power: Dec }).optional().catch(undefined),
});
const NetInfo = z.object({ n_peers: Dec });
const Unconfirmed = z.object({ total: Dec });
const Commit = z.object({
  signed_header: z.object({
    header: z.object({ height: Dec, time: z.string().max(64), validators_hash: Hex, proposer_address: Hex, app_hash: Hex }),
    commit: z.object({
      block_id: z.object({ hash: Hex }),
      signatures: z.array(z.object({ block_id_flag: z.number().int(), validator_address: Hex.nullish() })).max(100_000),
    }),
  }),
});
const BlockWithEvidence = z.object({ block: z.object({ evidence: z.object({ evidence: z.array(z.unknown()).max(10_000).nullish() }).nullish() }) });
const Validators = z.object({ total: Dec, validators: z.array(z.object({ address: Hex, voting_power: Dec })).max(10_000) });
const AbciQuery = z.object({
  response: z.object({
    code: z.number().int().default(0),
    codespace: z.string().max(256).default(""),
    log: z.string().max(65_536).default(""),
    key: B64.nullish(),
    value: B64.nullish(),
    height: Dec.default("0"),
    index: Dec.default("0"),
  }),
});

/** A node answered with a JSON-RPC error, a non-2xx status or something that is not its answer. */
export class NodeRpcError extends Error {
  constructor(
    readonly url: string,
    message: string,
  ) {
    super(`${url}: ${message}`);
    this.name = "NodeRpcError";
  }
}

/**
 * The node refused for load (HTTP 429, or 503 with a Retry-After) for longer than a read may wait:
 * it answered, so it is not down. Its `code` is the app's `rpc_rate_limited`, which the probe reads.
 */
export class NodeRateLimitedError extends NodeRpcError {
  readonly code = ERROR_CODES.rpcRateLimited;
  constructor(
    url: string,
    method: string,
    /** Seconds until the node may be asked again. */
    readonly retryAfterSeconds: number,
  ) {
    super(url, `${method}: rate-limiting, resting another ${retryAfterSeconds} s`);
    this.name = "NodeRateLimitedError";
  }
}

export interface NodeRpcOptions {
  readonly timeoutMs?: number;
  readonly fetchImpl?: typeof fetch;
  /** The budgets every request counts against (default: the process's). */
  readonly budgets?: RequestBudgets;
  /** The longest one wait of a request for a rate limit may be before it fails with NodeRateLimitedError (default 10 s; see waitDeadline). */
  readonly maxWaitMs?: number;
}

/** Refusals answered in a row within the wait, at most: each is waited out, and past these the read fails. */
const MAX_REFUSALS = 20;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

/**
 * One POST to one node, inside its budget: a slot taken first (background work), a refusal for
 * load rested and asked again while each wait stays within `maxWaitMs` (and all of them within waitDeadline's limit).
 */
async function send(url: string, method: string, body: string, options: NodeRpcOptions): Promise<Response> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const budget = (options.budgets ?? sharedRequestBudgets()).of(url);
  const deadline = waitDeadline(options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS);
  for (let refusals = 0; ; refusals++) {
    try {
      await budget.take({ priority: "background", deadline: deadline() });
    } catch (error) {
      if (error instanceof BudgetWaitTooLongError) throw new NodeRateLimitedError(url, method, seconds(error.waitMs));
      throw error;
    }
    let response: Response;
    try {
      response = await fetchImpl(url, { method: "POST", headers: { "content-type": "application/json" }, body, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
    } catch (error) {
      throw new NodeRpcError(url, `${method} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const retryAfter = response.headers.get("retry-after");
    if (response.status !== 429 && !(response.status === 503 && retryAfter !== null)) {
      if (response.ok) budget.answered();
      return response;
    }
    await response.body?.cancel().catch(() => undefined);
    const rest = budget.refused(retryAfterMs(retryAfter, Date.now()));
    if (refusals + 1 >= MAX_REFUSALS || Date.now() + rest > deadline()) throw new NodeRateLimitedError(url, method, seconds(rest));
  }
}

/** One JSON-RPC call to one node, its `result` parsed by `schema`. */
export async function callNode<T extends z.ZodType>(url: string, method: string, params: Record<string, unknown>, schema: T, options: NodeRpcOptions = {}): Promise<z.output<T>> {
  const response = await send(url, method, JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }), options);
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new NodeRpcError(url, `${method} answered more than ${MAX_ANSWER_BYTES} bytes`);
  if (!response.ok) throw new NodeRpcError(url, `${method} answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NodeRpcError(url, `${method} answered something that is not JSON`);
  }
  const envelope = z.object({ result: z.unknown().optional(), error: z.object({ message: z.string().max(1024), data: z.string().max(4096).optional() }).optional() }).safeParse(json);
  if (!envelope.success) throw new NodeRpcError(url, `${method} answered something that is not JSON-RPC`);
  if (envelope.data.error) throw new NodeRpcError(url, `${method}: ${envelope.data.error.message} ${envelope.data.error.data ?? ""}`.trim());
  const result = schema.safeParse(envelope.data.result);
  if (!result.success) throw new NodeRpcError(url, `${method} answered in a shape the watch does not read: ${result.error.issues[0]?.path.join(".") ?? ""} ${result.error.issues[0]?.message ?? ""}`);
  return result.data;
}

/** The probe's reads of one node alone: no failover, so a dead node looks dead. */
export function nodeRpcClient(url: string, options: NodeRpcOptions = {}): NodeClient {
  const opts = { timeoutMs: 3_000, ...options };
  return {
    status: async () => {
      const s = await callNode(url, "status", {}, Status, opts);
      return {
        moniker: s.node_info.moniker,
        version: s.node_info.version,
        height: s.sync_info.latest_block_height,
        earliestHeight: s.sync_info.earliest_block_height,
        latestBlockTime: s.sync_info.latest_block_time,
        catchingUp: s.sync_info.catching_up,
        nodeId: s.node_info.id || null,
        validatorKey: s.validator_info ? { type: s.validator_info.pub_key.type, value: s.validator_info.pub_key.value, votingPower: s.validator_info.voting_power } : null,
      };
    },
    peers: async () => Number((await callNode(url, "net_info", {}, NetInfo, opts)).n_peers),
    mempoolTxs: async () => Number((await callNode(url, "num_unconfirmed_txs", {}, Unconfirmed, opts)).total),
    hashesAt: async (height) => {
      const c = await callNode(url, "commit", { height }, Commit, opts);
      return { appHash: c.signed_header.header.app_hash.toUpperCase(), blockHash: c.signed_header.commit.block_id.hash.toUpperCase() };
    },
  };
}

/** A network's reads for the watch, from the first of its nodes that answers. */
export function networkRpcReads(urls: readonly string[], options: NodeRpcOptions = {}) {
  async function first<T extends z.ZodType>(method: string, params: Record<string, unknown>, schema: T): Promise<z.output<T>> {
    let last: unknown = new NodeRpcError("", "the network has no RPC node");
    // A node resting after a refusal for load is asked last: another may answer at once.
    const budgets = options.budgets ?? sharedRequestBudgets();
    const ordered = [...urls].sort((a, b) => budgets.of(a).restLeft() - budgets.of(b).restLeft());
    for (const url of ordered) {
      try {
        return await callNode(url, method, params, schema, options);
      } catch (error) {
        last = error;
      }
    }
    throw last;
  }
  const chain: WatchChain = {
    abciQuery: async (a) => {
      const r = (await first("abci_query", { path: a.path, data: a.data ?? "", height: a.height ?? "0", prove: false }, AbciQuery)).response;
      return { code: r.code, codespace: r.codespace, log: r.log, key: r.key ?? "", value: r.value ?? "", height: r.height, index: r.index };
    },
    validators: async (a) => {
      const r = await first("validators", { height: a.height, page: String(a.page ?? 1), per_page: String(a.perPage ?? 100) }, Validators);
      return { total: Number(r.total), validators: r.validators.map((v) => ({ address: v.address.toUpperCase(), votingPower: v.voting_power })) };
    },
    commit: async (a) => {
      const c = await first("commit", a.height ? { height: a.height } : {}, Commit);
      return {
        header: { validatorsHash: c.signed_header.header.validators_hash },
        commit: { signatures: c.signed_header.commit.signatures.map((s) => ({ blockIdFlag: s.block_id_flag, validatorAddress: s.validator_address ?? "" })) },
      };
    },
    block: async (a) => ({ evidence: readBlockEvidence((await first("block", a.height ? { height: a.height } : {}, BlockWithEvidence)).block.evidence?.evidence) }),
  };
  return {
    chain,
    /** The latest height a node of the network reports. */
    latestHeight: async (): Promise<bigint> => BigInt((await first("status", {}, Status)).sync_info.latest_block_height),
    /** A block's time and proposer, from its commit's header. */
    blockAt: async (height: bigint) => {
      const h = (await first("commit", { height: String(height) }, Commit)).signed_header.header;
      return { height: h.height, time: h.time, proposerAddress: h.proposer_address.toUpperCase() };
    },
  };
}

export type NetworkRpcReads = ReturnType<typeof networkRpcReads>;
