import { fromBase64 } from "@cosmjs/encoding";
import { z } from "zod";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";

/**
 * The part of a NewBlock websocket frame that settles transactions: the block's height, its
 * transactions' bytes (whose sha256 is each one's id) and, in the same order, their results
 * (`result_finalize_block.tx_results`; a code left out is 0). From CometBFT 0.38 on the node sends
 * all of it with every block already, so settling the app's own transactions costs no
 * subscription and no call. A frame of CometBFT 0.37 or Tendermint 0.34 carries
 * `result_begin_block` and `result_end_block` instead, and no transaction results
 * (cometbft@v0.37.15 types/events.go, EventDataNewBlock): `blockTxs` then reads the block's
 * results by height. Frames are hostile input: only these fields are read, and only when they
 * have the right shape and as many results as transactions.
 */
const Outcome = z.object({ code: z.number().int().min(0).max(2 ** 32 - 1).optional(), codespace: z.string().max(128).optional(), log: z.string().optional() });
/** A transaction's result as the chain decided it: a frame's, or `block_results`'s. */
export type TxOutcome = z.output<typeof Outcome>;

const Frame = z.object({
  result: z.object({
    data: z.object({
      value: z.object({
        block: z.object({
          header: z.object({ height: z.string().regex(/^\d{1,20}$/) }),
          data: z.object({ txs: z.array(z.string().max(8 << 20)).max(200_000).nullish() }),
        }),
        result_finalize_block: z.object({ tx_results: z.array(Outcome).max(200_000).nullish() }).nullish(),
      }),
    }),
  }),
});

/** A transaction as the chain decided it, from the block that holds it. */
export interface ChainTx {
  readonly txHash: string;
  readonly height: string;
  readonly code: number;
  readonly codespace: string | undefined;
  /** Cut to 1,000 characters, as the access service keeps it. */
  readonly log: string | undefined;
}

/**
 * The transactions of a parsed NewBlock frame with their results, or none when the frame has
 * none or is not well formed (a result list that does not match the transactions, a transaction
 * that is not base64). Each id is computed from the bytes.
 */
export function newBlockTxs(json: unknown): ChainTx[] {
  const parsed = Frame.safeParse(json);
  if (!parsed.success) return [];
  const { block, result_finalize_block: results } = parsed.data.result.data.value;
  return settle(block.header.height, block.data.txs ?? [], results?.tx_results ?? []);
}

/**
 * As `newBlockTxs`, and for a frame that carries its transactions without their results (CometBFT
 * 0.37, Tendermint 0.34), the results `readResults` gives for its height (`block_results`).
 */
export async function blockTxs(json: unknown, readResults?: (height: string) => Promise<readonly TxOutcome[]>): Promise<ChainTx[]> {
  const parsed = Frame.safeParse(json);
  if (!parsed.success) return [];
  const { block, result_finalize_block: results } = parsed.data.result.data.value;
  const txs = block.data.txs ?? [];
  if (results || txs.length === 0 || !readResults) return settle(block.header.height, txs, results?.tx_results ?? []);
  // What block_results answered is checked as a frame's results are: hostile input all the same.
  const read = z.array(Outcome).max(200_000).safeParse(await readResults(block.header.height));
  return read.success ? settle(block.header.height, txs, read.data) : [];
}

function settle(height: string, txs: readonly string[], outcomes: readonly TxOutcome[]): ChainTx[] {
  if (txs.length === 0 || outcomes.length !== txs.length) return [];
  const settled: ChainTx[] = [];
  for (const [i, tx] of txs.entries()) {
    const bytes = bytesOf(tx);
    if (!bytes || bytes.length === 0) return [];
    const result = outcomes[i]!;
    settled.push({ txHash: txIdOf(bytes), height, code: result.code ?? 0, codespace: result.codespace || undefined, log: result.log ? result.log.slice(0, 1000) : undefined });
  }
  return settled;
}

/** The bytes of a base64 string, or undefined when it is not base64 (a bad character, a bad length). */
function bytesOf(base64: string): Uint8Array | undefined {
  try {
    return fromBase64(base64);
  } catch {
    return undefined;
  }
}
