import type { z } from "zod";
import type * as T from "../../../shared/contract/chain-types.js";
import { readBlockEvidence } from "../../../shared/cosmos/evidence/block-evidence.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import type * as W from "./rpc-wire.js";

/** The one adaptor from CometBFT wire answers (rpc-wire.ts) to the contract's domain types. */

type Out<S extends z.ZodType> = z.output<S>;

export function blockId(w: Out<typeof W.RpcBlockId>): Out<typeof T.BlockId> {
  return { hash: w.hash, partsTotal: w.parts.total, partsHash: w.parts.hash };
}

export function header(w: W.RpcHeader): T.Header {
  return {
    chainId: w.chain_id,
    height: w.height,
    time: w.time,
    lastBlockId: w.last_block_id.hash ? blockId(w.last_block_id) : null,
    lastCommitHash: w.last_commit_hash,
    dataHash: w.data_hash,
    validatorsHash: w.validators_hash,
    nextValidatorsHash: w.next_validators_hash,
    consensusHash: w.consensus_hash,
    appHash: w.app_hash,
    lastResultsHash: w.last_results_hash,
    evidenceHash: w.evidence_hash,
    proposerAddress: w.proposer_address,
    version: { block: w.version.block, app: w.version.app ?? "0" },
  };
}

export function commit(w: Out<typeof W.RpcCommit>): Out<typeof T.Commit> {
  return {
    height: w.height,
    round: w.round,
    blockId: blockId(w.block_id),
    signatures: w.signatures.map((s) => ({
      blockIdFlag: s.block_id_flag,
      validatorAddress: s.validator_address,
      timestamp: s.timestamp ?? null,
      signature: s.signature ?? null,
    })),
  };
}

/** Transactions hashed between two turns of main's event loop (a few milliseconds' work). */
const HASH_SLICE = 256;

/**
 * The ids of a block's transactions, a slice at a time: a block of 10,000 takes tens of
 * milliseconds to hash, and main answers other calls and pushes live events in between.
 */
export async function txIdsOf(txs: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < txs.length; i += HASH_SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    // Buffer decodes leniently: a node's malformed base64 still gets the id of what it decodes to.
    for (const tx of txs.slice(i, i + HASH_SLICE)) ids.push(txIdOf(Buffer.from(tx, "base64")));
  }
  return ids;
}

/** A block with its transactions from `page.offset`, at most `page.limit` of them (all by default). */
export async function block(w: Out<typeof W.RpcBlockResponse>, page: { offset?: number; limit?: number } = {}): Promise<T.Block> {
  const all = w.block.data.txs;
  const offset = Math.min(page.offset ?? 0, all.length);
  const txs = page.limit === undefined && offset === 0 ? all : all.slice(offset, page.limit === undefined ? undefined : offset + page.limit);
  return {
    blockId: blockId(w.block_id),
    header: header(w.block.header),
    txs,
    txHashes: await txIdsOf(txs),
    txCount: all.length,
    txOffset: offset,
    lastCommit: w.block.last_commit ? commit(w.block.last_commit) : null,
    evidenceCount: w.block.evidence?.evidence.length ?? 0,
    evidence: readBlockEvidence(w.block.evidence?.evidence),
  };
}

export function event(w: Out<typeof W.RpcEvent>): Out<typeof T.AbciEvent> {
  return { type: w.type, attributes: w.attributes.map((a) => ({ key: a.key ?? "", value: a.value ?? "", index: a.index ?? false })) };
}

export function execTxResult(w: Out<typeof W.RpcExecTxResult>): Out<typeof T.ExecTxResult> {
  return {
    code: w.code ?? 0,
    codespace: w.codespace ?? "",
    log: w.log ?? "",
    data: w.data ?? "",
    gasWanted: w.gas_wanted ?? "0",
    gasUsed: w.gas_used ?? "0",
    events: w.events.map(event),
  };
}

export function txResponse(w: Out<typeof W.RpcTxResponse>): Out<typeof T.TxResponse> {
  return { hash: w.hash, height: w.height, index: w.index, result: execTxResult(w.tx_result), tx: w.tx };
}

export function mempool(w: Out<typeof W.RpcMempool>): Out<typeof T.Mempool> {
  return { count: w.n_txs, total: w.total, totalBytes: w.total_bytes };
}
