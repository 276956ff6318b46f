import type { Logger } from "pino";
import { chainTransfer } from "./chain-transfers.js";
import { UpstreamError } from "./errors.js";
import type { NodeClient, NodeStatus, TxResult } from "./node-client.js";
import { FINAL_STATUSES, type TxRecord, withStatus } from "./records.js";
import { txIdOf } from "../../shared/cosmos/tx-id.js";
import type { TxStore } from "./tx-store.js";

/** Blocks per `blockchain` call: CometBFT answers at most 20 metas. */
const META_BATCH = 20n;
/** Blocks handled per tick, so a long backfill yields to requests between ticks. */
const MAX_BLOCKS_PER_TICK = 400n;

/** The record of `record` as the chain decided it: committed (code 0) or failed. */
export function settled(record: TxRecord, result: TxResult, height: bigint, time: string): TxRecord {
  const status = result.code === 0 ? "committed" : "failed";
  const detail = status === "committed" ? `included at height ${height}` : `included at height ${height} and failed: ${result.log}`;
  return withStatus(record, status, detail, { height: height.toString(), time, code: result.code, codespace: result.codespace, log: result.log });
}

/**
 * Follows new blocks (and, on a first start, backfills recent ones): settles the transactions
 * submitted here and records every bank transfer made on chain by anyone else.
 */
export class ChainFollower {
  /** Latest height the node reported; never lowered by a node that goes back. */
  latestHeight = 0n;
  /** The node last said it is on another chain: nothing may be broadcast to it. */
  wrongChain = false;
  /** When the node last answered a status call (ms since the epoch); for `/health`. */
  lastAnswerAt: number | undefined;
  /** Logged once per episode, not on every tick. */
  private wentBack = false;

  constructor(
    private readonly node: NodeClient,
    private readonly store: TxStore,
    private readonly backfillBlocks: number,
    private readonly log: Logger,
    private readonly chainId?: string,
  ) {}

  /** Handles every block up to the node's latest (bounded per call). Returns whether it caught up. */
  async tick(): Promise<boolean> {
    const status = await this.watch();
    if (!status) return true;
    const followed = await this.store.followedHeight();
    let from = followed + 1n;
    if (followed === 0n) {
      const backfillStart = status.latestHeight - BigInt(this.backfillBlocks) + 1n;
      from = [backfillStart, status.earliestHeight, 1n].reduce((a, b) => (a > b ? a : b));
      this.log.info({ from: from.toString(), to: status.latestHeight.toString() }, "backfilling bank transfers");
      // Recorded at once, so that with nothing to backfill the next tick follows from here.
      await this.store.setFollowedHeight(from - 1n);
    }
    const to = status.latestHeight < from + MAX_BLOCKS_PER_TICK - 1n ? status.latestHeight : from + MAX_BLOCKS_PER_TICK - 1n;
    for (let start = from; start <= to; start += META_BATCH) {
      const end = start + META_BATCH - 1n < to ? start + META_BATCH - 1n : to;
      const metas = (await this.node.blockchain(start, end)).filter((m) => m.numTxs > 0n).sort((a, b) => (a.height < b.height ? -1 : 1));
      for (const meta of metas) await this.handleBlock(meta.height);
      // Recorded only after the block's records are durable: a crash re-reads the block.
      await this.store.setFollowedHeight(end);
    }
    return to >= status.latestHeight;
  }

  /**
   * Asks the node where it is, without recording blocks (what a replica that does not lead
   * needs for the queue); the status when it can be followed, undefined while it went back.
   */
  async watch(): Promise<NodeStatus | undefined> {
    const status = await this.node.status();
    this.lastAnswerAt = Date.now();
    // A node swapped for one on another chain: its blocks would be recorded as this chain's.
    this.wrongChain = this.chainId !== undefined && status.chainId !== this.chainId;
    if (this.wrongChain) throw new UpstreamError("bad_response", `the node is on chain "${status.chainId}", not "${this.chainId}"; following and broadcasting wait until it is back`);
    if (status.latestHeight < this.latestHeight) {
      // Restored from a snapshot, forked or lying: the journal keeps what it has; wait for it to catch up.
      if (!this.wentBack) this.log.warn({ reported: status.latestHeight.toString(), known: this.latestHeight.toString() }, "the node went back in height; ignored until it passes the known height");
      this.wentBack = true;
      return undefined;
    }
    this.wentBack = false;
    this.latestHeight = status.latestHeight;
    return status;
  }

  /**
   * Records the block's transfers and settles every transaction of this service in it, whatever
   * its messages: the followed height is evidence that a record still unsettled is in no block up
   * to it (final-evidence.ts), so nothing submitted here may be passed over. Known records change
   * only by a conditional update, so a change made meanwhile (by the queue, a cancel, another
   * replica) is never overwritten.
   */
  private async handleBlock(height: bigint): Promise<void> {
    const block = await this.node.blockTxs(height);
    const time = new Date(block.time).toISOString();
    const writes: Promise<unknown>[] = [];
    for (const { raw, result } of block.txs) {
      const hash = txIdOf(raw);
      const settle = (current: TxRecord) => (current.source === "submitted" ? this.settleFromBlock(current, result, height, time) : undefined);
      const found = chainTransfer(raw, result, height, block.time);
      // A transfer is stored unless known; anything known (or not a transfer) settles a submission of that hash, if any.
      writes.push(found ? this.store.insert(found).then((outcome) => (outcome.kind === "created" ? undefined : this.store.update(hash, settle))) : this.store.update(hash, settle));
    }
    await Promise.all(writes); // one group commit for the block, with the journal
  }

  /** The settled version of a submitted record found in a block, unless it already says so. */
  private settleFromBlock(current: TxRecord, result: TxResult, height: bigint, time: string): TxRecord | undefined {
    if (FINAL_STATUSES.has(current.status) && current.height !== undefined) return undefined;
    if (FINAL_STATUSES.has(current.status)) {
      // The chain is the truth. The service decides final states only on evidence, so this takes bytes sent elsewhere.
      this.log.warn({ txHash: current.txHash, was: current.status, height: height.toString() }, "a block includes a transaction already reported final (its bytes reached the chain another way); correcting it");
    }
    return settled(current, result, height, time);
  }
}
