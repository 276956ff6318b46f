import { fromBase64 } from "@cosmjs/encoding";
import type { Logger } from "pino";
import { NodeRpcError, UpstreamError } from "./errors.js";
import { nonceUsedElsewhere, nonceUsedUnproven, timeoutPassed } from "./final-evidence.js";
import { settled } from "./follower.js";
import type { AccountState, NodeClient, TxResult } from "./node-client.js";
import { type TxRecord, type TxStatus, withStatus } from "./records.js";
import { type Coordination, soleReplica } from "./coordination.js";
import type { TxStore } from "./tx-store.js";

/** How many blocks a broadcast may stay unseen before the reconciler asks the node about it. */
const RECONCILE_AFTER_BLOCKS = 10n;

function byNonce(a: TxRecord, b: TxRecord): number {
  return BigInt(a.nonce) < BigInt(b.nonce) ? -1 : BigInt(a.nonce) > BigInt(b.nonce) ? 1 : 0;
}

function alreadyInMempool(text: string): boolean {
  return /already exists in cache|tx already in mempool/i.test(text);
}

/**
 * Broadcasts held transactions in nonce order per sender once their window has passed, and
 * reconciles broadcast ones the follower has not seen settle (node restarts, lost mempools,
 * a crash of this service between journalling and broadcasting).
 */
export class TxQueue {
  /** Height at which each broadcast was last sent or checked; absent after a restart, so those are checked first. */
  private readonly checkedAt = new Map<string, bigint>();
  /** The followed height at which held transactions were last checked against their timeout heights. */
  private timeoutsCheckedAt = -1n;

  constructor(
    private readonly node: NodeClient,
    private readonly store: TxStore,
    private readonly queueTtlMs: number,
    private readonly log: Logger,
    /** Several replicas on one store: a sender's queue is worked by one of them at a time. */
    private readonly coordination: Coordination = soleReplica,
  ) {}

  /**
   * Due transactions that could not go because an earlier nonce is missing: skipped by `hasDue`
   * until `wake` (a new block or submission), so a gap does not make the queue poll the node.
   */
  private readonly waiting = new Set<string>();

  /** Whether some queued transaction's window has passed and it is not waiting for a gap. */
  async hasDue(now = Date.now()): Promise<boolean> {
    return (await this.store.dueSenders(now, this.waiting)).length > 0;
  }

  /** Something changed (a block, a submission): look at waiting transactions again. */
  wake(): void {
    this.waiting.clear();
  }

  /** One pass over every sender with a queued transaction due. */
  async run(latestHeight: bigint, now = Date.now()): Promise<void> {
    // Only senders with something due (one indexed query with PostgreSQL): transactions inside
    // their hold window are not read at all, however many there are.
    const senders = await this.store.dueSenders(now, this.waiting);
    for (const sender of senders) await this.coordination.withSender(sender, () => this.runSender(sender, latestHeight, now));
  }

  /**
   * Expires held transactions whose timeout height the follower has passed, and checks broadcast
   * ones unseen for a while. Nothing becomes final on a lookup that found nothing: only on the
   * evidence of final-evidence.ts, so a state once reported never changes.
   */
  async reconcile(latestHeight: bigint): Promise<void> {
    const followed = await this.store.followedHeight();
    if (followed !== this.timeoutsCheckedAt) {
      // Timeouts pass only as the follower reads blocks: the queued records are read once per step, not once per pass.
      this.timeoutsCheckedAt = followed;
      for (const record of (await this.store.pending(undefined, "queued")).filter((r) => r.timeoutHeight !== "0")) {
        if (timeoutPassed(record, followed)) {
          await this.move(record.txHash, "queued", "expired", `timeout height ${record.timeoutHeight} reached before it could be broadcast`);
        }
      }
    }
    const broadcast = await this.store.pending(undefined, "broadcast");
    const live = new Set(broadcast.map((r) => r.txHash));
    for (const hash of this.checkedAt.keys()) if (!live.has(hash)) this.checkedAt.delete(hash);
    for (const record of broadcast) {
      const checked = this.checkedAt.get(record.txHash);
      if (checked !== undefined && latestHeight - checked < RECONCILE_AFTER_BLOCKS) continue;
      this.checkedAt.set(record.txHash, latestHeight);
      const onChain = await this.node.txByHash(record.txHash);
      if (onChain) {
        await this.settle(record.txHash, onChain);
        continue;
      }
      const account = await this.node.account(record.from);
      const scanned = await this.store.followedHeight();
      const timeout = BigInt(record.timeoutHeight);
      if (timeoutPassed(record, scanned)) {
        await this.move(record.txHash, "broadcast", "expired", `not included by its timeout height ${timeout}`);
      } else if (nonceUsedElsewhere(record, scanned, account)) {
        await this.move(record.txHash, "broadcast", "expired", `nonce ${record.nonce} was used by another transaction`);
      } else if (nonceUsedUnproven(record, account) || (timeout > 0n && latestHeight >= timeout)) {
        // It may be in a block the follower has not read yet: decided on the next pass.
        this.checkedAt.delete(record.txHash);
      } else if ((await this.store.get(record.txHash))?.status === "broadcast") {
        await this.send(record, true); // the node may have lost it (restart, full mempool): same bytes, same hash
      }
    }
  }

  private async runSender(sender: string, latestHeight: bigint, now: number): Promise<void> {
    const mine = await this.store.pending(sender);
    const queued = mine.filter((r) => r.status === "queued").sort(byNonce);
    const account = await this.node.account(sender);
    const onChain = account?.sequence ?? 0n;
    let next = mine.filter((r) => r.status === "broadcast").reduce((n, r) => (BigInt(r.nonce) >= n ? BigInt(r.nonce) + 1n : n), onChain);
    for (const stale of queued) {
      const record = await this.store.get(stale.txHash);
      if (record?.status !== "queued") continue; // cancelled or settled meanwhile (a change still being written is caught by send's conditional update)
      const nonce = BigInt(record.nonce);
      const holdUntil = Date.parse(record.holdUntil ?? record.createdAt);
      const timeout = BigInt(record.timeoutHeight);
      if (nonce < onChain) {
        await this.settleStale(record, account);
      } else if (timeout > 0n && latestHeight >= timeout) {
        // No later block may include it, so it is not sent; final once the follower has read block `timeout`.
        if (timeoutPassed(record, await this.store.followedHeight())) await this.move(record.txHash, "queued", "expired", `timeout height ${timeout} reached before it could be broadcast`);
        else this.waiting.add(record.txHash);
      } else if (now > holdUntil + this.queueTtlMs) {
        await this.move(record.txHash, "queued", "expired", `waited ${Math.round(this.queueTtlMs / 1000)} s for nonce ${next} without it arriving`);
      } else if (nonce === next && holdUntil <= now) {
        if (!(await this.send(record, false))) return; // refused: later nonces of this sender wait
        this.checkedAt.set(record.txHash, latestHeight);
        next++;
      } else if (holdUntil <= now) {
        this.waiting.add(record.txHash);
      }
    }
  }

  /** A queued record whose nonce the chain has already used: its own bytes on chain, or a loser once proven. */
  private async settleStale(record: TxRecord, account: AccountState | undefined): Promise<void> {
    const onChain = await this.node.txByHash(record.txHash);
    if (onChain) await this.settle(record.txHash, onChain);
    else if (nonceUsedElsewhere(record, await this.store.followedHeight(), account)) await this.move(record.txHash, "queued", "rejected", `nonce ${record.nonce} is already used on chain`);
    else this.waiting.add(record.txHash); // the next block wakes it, and the follower will have read further
  }

  /** Settles a record the chain has included, unless the follower already did. */
  private async settle(hash: string, onChain: { height: bigint; result: TxResult }): Promise<void> {
    await this.store.update(hash, (r) => (r.height === undefined ? settled(r, onChain.result, onChain.height, new Date().toISOString()) : undefined));
  }

  /** Moves a record from one status to another, only if it is still in the first. */
  private async move(hash: string, from: TxStatus, to: TxStatus, detail: string, extra: Partial<TxRecord> = {}): Promise<boolean> {
    return (await this.store.update(hash, (r) => (r.status === from ? withStatus(r, to, detail, extra) : undefined))) !== undefined;
  }

  /** Marks broadcast (durably, first) and sends. Returns false when it was not sent or the node refused it. */
  private async send(record: TxRecord, resend: boolean): Promise<boolean> {
    let current = record;
    if (!resend) {
      // Journalled before sending: after a crash, a maybe-sent transaction is reconciled, never re-queued.
      // Moved from the newest version, so a cancel being written wins and nothing is sent.
      const marked = await this.store.update(record.txHash, (r) => (r.status === "queued" ? withStatus(r, "broadcast", "sent to the node with broadcast_tx_sync") : undefined));
      if (!marked) return false;
      current = marked;
    }
    try {
      const answer = await this.node.broadcastTxSync(fromBase64(current.raw ?? ""));
      if (answer.code === 0 || alreadyInMempool(answer.log)) return true;
      const onChain = await this.node.txByHash(current.txHash);
      if (onChain) {
        await this.settle(current.txHash, onChain);
        return true;
      }
      const gap = /expected (\d+), got (\d+)/.exec(answer.log);
      if (gap && BigInt(gap[1]!) > BigInt(gap[2]!)) {
        // The nonce is used: perhaps by these very bytes, in a block not indexed yet. Not final
        // on this answer; the blocks decide (settleStale, once the follower has read them).
        await this.move(current.txHash, "broadcast", "queued", `the node says nonce ${gap[2]} is already used; the blocks will tell whether by this transaction`);
        this.waiting.add(current.txHash);
        return false;
      }
      if (gap && BigInt(gap[1]!) < BigInt(gap[2]!)) {
        // The node still waits for an earlier nonce (one lost in a crash or a node restart): not
        // final. The earlier broadcasts are checked on the next block, and this one waits for it.
        for (const r of await this.store.pending(current.from, "broadcast")) this.checkedAt.delete(r.txHash);
        await this.move(current.txHash, "broadcast", "queued", `the node expects nonce ${gap[1]} first; waiting for it`);
        this.waiting.add(current.txHash);
        return false;
      }
      await this.move(current.txHash, "broadcast", "rejected", `CheckTx refused it: ${answer.log}`, { code: answer.code, codespace: answer.codespace, log: answer.log });
      return false;
    } catch (err) {
      if (err instanceof NodeRpcError && alreadyInMempool(`${err.message} ${err.data ?? ""}`)) return true;
      if (err instanceof NodeRpcError) {
        // The node refused to take it (mempool full, …): it is not in the mempool, so it waits again.
        await this.move(current.txHash, "broadcast", "queued", `the node refused the broadcast (${err.data ?? err.message}); it will be retried`);
        return false;
      }
      if (err instanceof UpstreamError) {
        this.log.warn({ txHash: current.txHash, err: err.message }, "broadcast outcome unknown; the reconciler will check");
        return false;
      }
      throw err;
    }
  }
}
