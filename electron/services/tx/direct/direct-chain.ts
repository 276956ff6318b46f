import { fromBase64, toBase64, toHex } from "@cosmjs/encoding";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { accountQuery } from "../../../../shared/cosmos/auth/queries.js";
import { txIdOf } from "../../../../shared/cosmos/tx-id.js";
import { AppError } from "../../app-error.js";
import { RpcError, RpcResponseError } from "../../rpc/rpc-errors.js";
import type { RpcTransport } from "../../rpc/rpc-transport.js";
import { RpcBroadcast } from "../../rpc/rpc-wire.js";
import { createBlockTimes } from "./block-times.js";
import { chainWords, wordRefusal } from "../../../../shared/cosmos/simulation-refusal.js";
import { readLiveGasPrice } from "./fee-market.js";
import { INSUFFICIENT_FEE, priceNowFromRefusal } from "./insufficient-fee.js";

/** The `chain.*` handlers main needs to send directly (over the network's own nodes). */
export interface NodeChain {
  abciQuery(a: { path: string; data?: string }): Awaitable<ResultOf<"chain.abciQuery">>;
  status(a: Record<string, never>): Awaitable<ResultOf<"chain.status">>;
  tx(a: { hash: string }): Awaitable<ResultOf<"chain.tx">>;
  txSearch(a: { query: string; page?: number; perPage?: number; orderBy?: "asc" | "desc" }): Awaitable<ResultOf<"chain.txSearch">>;
  blockchain(a: { minHeight?: string; maxHeight?: string }): Awaitable<ResultOf<"chain.blockchain">>;
}
type Awaitable<T> = T | Promise<T>;

/** CheckTx refused the transaction: nothing entered the mempool (https://docs.cometbft.com/v0.38/rpc/#/Tx/broadcast_tx_sync). */
export class BroadcastTxError extends AppError {
  constructor(
    readonly txCode: number,
    readonly codespace: string,
    readonly log: string,
  ) {
    super("broadcast_refused", `the node refused the transaction (CheckTx code ${txCode}${codespace ? ` in ${codespace}` : ""}): ${log.slice(0, 500) || "no log"}`);
  }
}

/**
 * CheckTx refused the fee as too low (the SDK's `insufficient fee`): said in words, with the gas
 * price the node asks for now, which the review offers to prepare again at.
 */
export class InsufficientFeeError extends BroadcastTxError {
  override readonly code = "insufficient_fee";
  constructor(txCode: number, codespace: string, log: string, readonly gasPriceNow: string | undefined) {
    super(txCode, codespace, log);
    this.message = gasPriceNow
      ? `the fee is too low for this node: it asks at least ${gasPriceNow} per unit of gas now. Prepare the transaction again at that price (the node said: ${log.slice(0, 300)})`
      : `the fee is too low for this node; raise the fee and prepare again (the node said: ${log.slice(0, 300)})`;
    Object.assign(this.hints, gasPriceNow ? { gasPriceNow } : {});
  }
}

/** "tx already exists in cache": the same bytes are in the mempool already, which is what a resend wants. */
const ALREADY_IN_MEMPOOL = 19;
/** CometBFT's words for the same bytes seen by its mempool cache (mempool/errors.go `ErrTxInCache`). */
const TX_IN_CACHE = /tx already exists in cache/i;

/** Reads and sends for direct mode: account numbers, simulation, height, broadcast with failover, and lookups. */
export function createDirectChain(chain: NodeChain, transport: RpcTransport) {
  return {
    /** When each of these heights' blocks was made, as far as a node gives them (kept: a block's time never changes). */
    blockTimes: createBlockTimes(async (a) => chain.blockchain(a)),
    /** The account's number and next sequence as the chain has committed them; zero for an account it has never seen. */
    async account(address: string): Promise<{ accountNumber: bigint; sequence: bigint; known: boolean }> {
      const answer = await chain.abciQuery({ path: accountQuery.path, data: toHex(accountQuery.encode({ address })) });
      if (answer.code !== 0) {
        // An address the chain has never seen: it cannot sign anything yet (it pays no fee).
        if (/not found/i.test(answer.log)) throw new AppError("unknown_account", `${address} has no account on this chain yet: it must receive coins first`);
        throw new AppError("account_query_failed", `the node refused the account query: ${answer.log || `code ${answer.code}`}`);
      }
      const any = accountQuery.decode(fromBase64(answer.value));
      if (!any) throw new AppError("unknown_account", `${address} has no account on this chain yet`);
      const { accountNumbers } = await import("../../../../shared/cosmos/auth/accounts.js");
      try {
        return { ...accountNumbers(any), known: true };
      } catch (error) {
        throw new AppError("account_unreadable", error instanceof Error ? error.message : String(error));
      }
    },
    /** Gas the chain used running the transaction on its latest state (`cosmos.tx.v1beta1.Service/Simulate`). */
    async simulate(txBytes: Uint8Array): Promise<bigint> {
      const { SimulateRequest, SimulateResponse } = await import("cosmjs-types/cosmos/tx/v1beta1/service");
      const answer = await chain.abciQuery({ path: "/cosmos.tx.v1beta1.Service/Simulate", data: toHex(SimulateRequest.encode({ txBytes }).finish()) });
      if (answer.code !== 0) {
        // Worded for a person where the refusal is known; the chain's own text goes along, shown on request.
        const words = chainWords(answer.log);
        throw new AppError("simulation_failed", wordRefusal(answer) ?? `the chain would refuse this transaction (simulation code ${answer.code}): ${words.slice(0, 500)}`, { chainWords: words.slice(0, 2000) });
      }
      const gas = SimulateResponse.decode(fromBase64(answer.value)).gasInfo?.gasUsed;
      if (gas === undefined || gas <= 0n) throw new RpcResponseError("simulate", "the simulation gave no gas figure");
      return gas;
    },
    async latestHeight(): Promise<bigint> {
      return BigInt((await chain.status({})).syncInfo.latestBlockHeight);
    },
    /**
     * `broadcast_tx_sync` of signed bytes, failing over across the network's nodes as reads do:
     * the same bytes sent twice are one transaction (same hash, same sequence), so a retry elsewhere is safe.
     */
    async broadcast(txBytes: Uint8Array): Promise<string> {
      let answer;
      try {
        answer = await transport.call({ route: "broadcast_tx_sync", http: "POST", params: { tx: toBase64(txBytes) }, idempotent: true });
      } catch (error) {
        // CometBFT's own mempool cache (mempool.ErrTxInCache): these bytes reached it already, by an
        // earlier send a rate limit or a dropped answer hid. That is the send succeeding, not failing.
        if (error instanceof RpcError && TX_IN_CACHE.test(error.message)) return txIdOf(txBytes);
        throw error;
      }
      const parsed = RpcBroadcast.safeParse(answer.result);
      if (!parsed.success) throw new RpcResponseError(answer.endpoint, "unexpected broadcast_tx_sync answer");
      const { code, codespace, log, hash } = parsed.data;
      if (code === INSUFFICIENT_FEE && (codespace ?? "sdk") === "sdk") {
        const { AuthInfo, TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
        const gasLimit = AuthInfo.decode(TxRaw.decode(txBytes).authInfoBytes).fee?.gasLimit ?? 0n;
        throw new InsufficientFeeError(code, codespace ?? "sdk", log ?? "", priceNowFromRefusal(log ?? "", gasLimit));
      }
      if (code !== 0 && !(code === ALREADY_IN_MEMPOOL && (codespace ?? "sdk") === "sdk")) throw new BroadcastTxError(code, codespace ?? "", log ?? "");
      return hash.toUpperCase();
    },
    /** The committed transaction, or undefined when no node knows it (yet). */
    async committed(hash: string): Promise<ResultOf<"chain.tx"> | undefined> {
      try {
        return await chain.tx({ hash });
      } catch (error) {
        if (error instanceof RpcError && /not found/i.test(error.message)) return undefined;
        throw error;
      }
    },
    /** The chain's live gas price in `denom`, where a fee market module answers (fee-market.ts). */
    liveGasPrice: async (denom: string) => readLiveGasPrice(async (q) => chain.abciQuery(q), denom),
    txSearch: async (a: Parameters<NodeChain["txSearch"]>[0]) => chain.txSearch(a),
    abciQuery: async (a: { path: string; data?: string }) => chain.abciQuery(a),
  };
}
export type DirectChain = ReturnType<typeof createDirectChain>;
