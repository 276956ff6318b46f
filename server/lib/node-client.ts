import { fromBase64, toBase64, toHex } from "@cosmjs/encoding";
import { accountFromAny } from "@cosmjs/stargate";
import { Bech32PrefixRequest, Bech32PrefixResponse, QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { QueryDenomsMetadataRequest, QueryDenomsMetadataResponse, QueryTotalSupplyRequest, QueryTotalSupplyResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { z } from "zod";
import { NodeRpcError, UpstreamError } from "./errors.js";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "./json-depth.js";

const Int = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).transform((v) => BigInt(v));
const EnvelopeSchema = z.object({
  id: z.unknown(),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string(), data: z.string().optional() }).optional(),
});
const StatusSchema = z.object({
  node_info: z.object({ network: z.string() }),
  sync_info: z.object({ latest_block_height: Int, earliest_block_height: Int, latest_block_time: z.string() }),
});
const AbciQuerySchema = z.object({ response: z.object({ code: z.number().int().default(0), log: z.string().default(""), value: z.string().nullish(), height: Int.optional() }) });
const BlockchainSchema = z.object({
  block_metas: z.array(z.object({ num_txs: Int, header: z.object({ height: Int, time: z.string() }) })),
});
const BlockSchema = z.object({ block: z.object({ header: z.object({ height: Int, time: z.string() }), data: z.object({ txs: z.array(z.string()).nullish() }) }) });
const TxResultSchema = z.object({ code: z.number().int().default(0), codespace: z.string().default(""), log: z.string().default("") });
const BlockResultsSchema = z.object({ txs_results: z.array(TxResultSchema).nullish() });
const BroadcastSchema = TxResultSchema.extend({ hash: z.string() });
const TxSchema = z.object({ height: Int, tx_result: TxResultSchema });

/** The node's chain id and the heights it can serve. */
export interface NodeStatus {
  readonly chainId: string;
  readonly latestHeight: bigint;
  readonly earliestHeight: bigint;
}
/** A block header's height and time, and how many transactions the block has. */
export interface BlockMeta {
  readonly height: bigint;
  readonly time: string;
  readonly numTxs: bigint;
}
export type TxResult = z.infer<typeof TxResultSchema>;
/** An account as the chain's state at `height` has it. */
export interface AccountState {
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  readonly height: bigint;
}

/**
 * A CometBFT JSON-RPC client with a deadline on every call (the body included, so a node that
 * trickles its answer is cut off), a cap on the answer's size and depth, and an id check;
 * answers are zod-checked.
 */
export class NodeClient {
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly timeoutMs: number,
    private readonly maxBytes = 32 << 20,
  ) {}

  /** One JSON-RPC call; node errors become NodeRpcError, transport trouble UpstreamError. */
  async call<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    const id = this.nextId++;
    let text: string;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await readCapped(response, this.maxBytes, method);
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      const name = (err as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw new UpstreamError("timeout", `the node did not answer ${method} within ${this.timeoutMs} ms`);
      throw new UpstreamError("unreachable", `the node at ${this.url} cannot be reached: ${(err as Error).message}`);
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new UpstreamError("bad_response", `the node answered ${method} with JSON nested deeper than ${MAX_JSON_DEPTH}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UpstreamError("bad_response", `the node answered ${method} with something that is not JSON`);
    }
    const envelope = EnvelopeSchema.safeParse(body);
    if (!envelope.success) throw new UpstreamError("bad_response", `the node answered ${method} with an unexpected shape`);
    // An answer to another request (a confused proxy, a hostile node) must not pass for this one.
    if (envelope.data.id !== id) throw new UpstreamError("bad_response", `the node answered ${method} with another request's id`);
    if (envelope.data.error) throw new NodeRpcError(envelope.data.error.code, envelope.data.error.message, envelope.data.error.data);
    const result = schema.safeParse(envelope.data.result);
    if (!result.success) throw new UpstreamError("bad_response", `the node's ${method} answer has an unexpected shape: ${result.error.issues[0]?.message ?? ""}`);
    return result.data;
  }

  async status(): Promise<NodeStatus> {
    const s = await this.call("status", {}, StatusSchema);
    return { chainId: s.node_info.network, latestHeight: s.sync_info.latest_block_height, earliestHeight: s.sync_info.earliest_block_height };
  }

  /**
   * An account's number and sequence, or undefined when the chain has never seen it. `height` is
   * the block whose state was read (from the answer; a node that leaves it out gets the latest
   * height read after it, which is never below it): the sequence counts every transaction up to it.
   */
  async account(address: string): Promise<AccountState | undefined> {
    const answer = await this.abciQuery("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequest.encode({ address }).finish());
    if (answer === undefined) return undefined;
    const { account } = QueryAccountResponse.decode(answer.value);
    if (!account) return undefined;
    const parsed = accountFromAny(account);
    const height = answer.height > 0n ? answer.height : (await this.status()).latestHeight;
    return { accountNumber: parsed.accountNumber, sequence: BigInt(parsed.sequence), height };
  }

  /** The chain's account address prefix (x/auth Bech32Prefix query). */
  async bech32Prefix(): Promise<string> {
    const bytes = (await this.abciQuery("/cosmos.auth.v1beta1.Query/Bech32Prefix", Bech32PrefixRequest.encode({}).finish()))?.value;
    if (!bytes) throw new UpstreamError("bad_response", "the node does not answer the Bech32Prefix query; pass --prefix");
    return Bech32PrefixResponse.decode(bytes).bech32Prefix;
  }

  /** Denoms in the bank's total supply, with display metadata where the chain has it. */
  async denoms(): Promise<{ base: string; display: string; exponent: number }[]> {
    const supplyBytes = (await this.abciQuery("/cosmos.bank.v1beta1.Query/TotalSupply", QueryTotalSupplyRequest.encode({}).finish()))?.value;
    const metaBytes = (await this.abciQuery("/cosmos.bank.v1beta1.Query/DenomsMetadata", QueryDenomsMetadataRequest.encode({}).finish()))?.value;
    const supply = supplyBytes ? QueryTotalSupplyResponse.decode(supplyBytes).supply.map((c) => c.denom) : [];
    const metadata = metaBytes ? QueryDenomsMetadataResponse.decode(metaBytes).metadatas : [];
    const bases = new Set([...supply, ...metadata.map((m) => m.base)]);
    return [...bases].sort().map((base) => {
      const meta = metadata.find((m) => m.base === base);
      const unit = meta?.denomUnits.find((u) => u.denom === meta.display);
      return { base, display: meta?.display || base, exponent: unit?.exponent ?? 0 };
    });
  }

  /** Up to 20 block metas from `min` to `max`, newest first as CometBFT answers them. */
  async blockchain(min: bigint, max: bigint): Promise<BlockMeta[]> {
    const r = await this.call("blockchain", { minHeight: min.toString(), maxHeight: max.toString() }, BlockchainSchema);
    return r.block_metas.map((m) => ({ height: m.header.height, time: m.header.time, numTxs: m.num_txs }));
  }

  /** The raw transactions of a block, with their results in the same order. */
  async blockTxs(height: bigint): Promise<{ time: string; txs: { raw: Uint8Array; result: TxResult }[] }> {
    const block = await this.call("block", { height: height.toString() }, BlockSchema);
    const results = await this.call("block_results", { height: height.toString() }, BlockResultsSchema);
    const txs = (block.block.data.txs ?? []).map((b64, i) => ({ raw: fromBase64(b64), result: results.txs_results?.[i] ?? { code: 0, codespace: "", log: "" } }));
    return { time: block.block.header.time, txs };
  }

  async broadcastTxSync(raw: Uint8Array): Promise<TxResult & { hash: string }> {
    return this.call("broadcast_tx_sync", { tx: toBase64(raw) }, BroadcastSchema);
  }

  /** A committed transaction by hash, or undefined when the chain has none. */
  async txByHash(hash: string): Promise<{ height: bigint; result: TxResult } | undefined> {
    try {
      const tx = await this.call("tx", { hash: toBase64(Buffer.from(hash, "hex")) }, TxSchema);
      return { height: tx.height, result: tx.tx_result };
    } catch (err) {
      if (err instanceof NodeRpcError && /not found/i.test(`${err.message} ${err.data ?? ""}`)) return undefined;
      throw err;
    }
  }

  private async abciQuery(path: string, data: Uint8Array): Promise<{ value: Uint8Array; height: bigint } | undefined> {
    const { response } = await this.call("abci_query", { path, data: toHex(data) }, AbciQuerySchema);
    if (response.code !== 0) {
      if (/not found/i.test(response.log)) return undefined;
      throw new NodeRpcError(response.code, `abci_query ${path} failed: ${response.log}`);
    }
    return { value: response.value ? fromBase64(response.value) : new Uint8Array(), height: response.height ?? 0n };
  }
}

/** The body as text, abandoned (and the connection dropped) as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number, method: string): Promise<string> {
  const tooLarge = () => new UpstreamError("too_large", `the node's ${method} answer is above the ${maxBytes}-byte cap`);
  if (Number(response.headers.get("content-length") ?? "0") > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString("utf8");
}
