import type { Logger } from "pino";
import { type Coordination, soleReplica } from "./coordination.js";
import type { ChainFollower } from "./follower.js";
import type { TxQueue } from "./queue.js";

/** How often held transactions are checked for a passed window. */
const QUEUE_TICK_MS = 50;

/**
 * Drives the follower (every `pollMs`) and the queue (every 50 ms, or at once on `kick`).
 * Each loop runs one pass at a time; `stop` waits for the passes under way. Of several
 * replicas on one store, only the leader follows and reconciles; the others only watch the
 * node's height and chain, which their queues need.
 */
export class Engine {
  private stopped = false;
  private timers = new Set<NodeJS.Timeout>();
  private running = new Set<Promise<void>>();
  private queueBusy = false;
  private queueAgain = false;
  private lastError = "";
  /** Whether this replica led at its last follower pass. */
  private leading = false;
  /** The first follow-and-reconcile pass; no queue pass starts before it ends. */
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly follower: ChainFollower,
    private readonly queue: TxQueue,
    private readonly pollMs: number,
    private readonly log: Logger,
    private readonly coordination: Coordination = soleReplica,
  ) {}

  /** For `/health`: whether the node answered lately (and on the right chain), and whether this replica leads. */
  nodeState(now = Date.now()): { reachable: boolean; latestHeight: string; leader: boolean } {
    const seen = this.follower.lastAnswerAt;
    // No answer for three polls (and at least 5 s): the node is not reachable from here.
    const reachable = seen !== undefined && now - seen <= Math.max(5_000, 3 * this.pollMs) && !this.follower.wrongChain;
    return { reachable, latestHeight: this.follower.latestHeight.toString(), leader: this.leading };
  }

  /** Starts both loops; the queue's first pass waits for the first follow-and-reconcile pass, so after a restart maybe-sent transactions are re-sent before later nonces. */
  start(): void {
    const first = this.followOnce();
    this.ready = first;
    this.track(first);
    void first.finally(() => {
      if (this.stopped) return;
      this.loop(() => this.followOnce(), this.pollMs, false);
      this.loop(async () => {
        let due = false;
        await this.guard("queue", async () => {
          due = await this.queue.hasDue();
        });
        if (due) await this.queueOnce();
      }, QUEUE_TICK_MS);
    });
  }

  /** Runs a queue pass now: a new submission may fill a gap, or have a zero window. */
  kick(): void {
    this.queue.wake();
    if (!this.stopped) this.track(this.queueOnce());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private loop(pass: () => Promise<void>, everyMs: number, runNow = true): void {
    const next = (): void => {
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.track(pass().finally(next));
      }, everyMs);
      this.timers.add(timer);
    };
    if (runNow) this.track(pass().finally(next));
    else next();
  }

  private async followOnce(): Promise<void> {
    await this.guard("follower", async () => {
      const before = this.follower.latestHeight;
      const leader = await this.coordination.isLeader();
      if (leader !== this.leading) this.log.info({ leader }, leader ? "this replica now follows the chain" : "another replica follows the chain");
      this.leading = leader;
      if (leader) await this.follower.tick();
      else await this.follower.watch();
      if (this.follower.latestHeight !== before) this.queue.wake();
      if (leader) await this.queue.reconcile(this.follower.latestHeight);
    });
  }

  private async queueOnce(): Promise<void> {
    await this.ready;
    if (this.follower.wrongChain) return; // transactions signed for this chain are not sent to another
    if (this.queueBusy) {
      this.queueAgain = true;
      return;
    }
    this.queueBusy = true;
    try {
      do {
        this.queueAgain = false;
        await this.guard("queue", () => this.queue.run(this.follower.latestHeight));
      } while (this.queueAgain && !this.stopped);
    } finally {
      this.queueBusy = false;
    }
  }

  /** A node outage must not stop the loops: log once per distinct error and try again next tick. */
  private async guard(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.lastError = "";
    } catch (err) {
      const message = `${name}: ${(err as Error).message}`;
      if (message !== this.lastError) this.log.warn({ err }, `${name} pass failed; retrying`);
      this.lastError = message;
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch(() => {}).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}
