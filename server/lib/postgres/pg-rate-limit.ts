import type pg from "pg";
import { z } from "zod";
import type { RateLimit } from "../rate-limit.js";
import { unavailable } from "./pool.js";

const TakeSchema = z.object({ granted: z.number(), wait_s: z.number() });

/** Tokens this replica took from the shared bucket and has not spent yet. */
interface Lease {
  tokens: number;
  /** Unspent tokens are dropped after this (ms), so a lease cannot carry a burst into a later second. */
  until: number;
  /** A refusal is remembered until the bucket can have a token again (ms): a flood costs the database nothing. */
  deniedUntil: number;
}

/** How long a lease's unspent tokens stay usable. */
const LEASE_MS = 1_000;
/** Leases are forgotten after this much idleness, so a stream of new client addresses cannot grow memory. */
const FORGET_MS = 60_000;

/**
 * One token bucket per key shared by every replica, in the `rate_buckets` table. A replica
 * takes tokens in leases of a tenth of a second's worth (at least one), so a busy token costs
 * about ten database calls a second per replica rather than one per request, and N replicas
 * together never pass the bucket's rate and burst; at most the leases' unspent tokens (N × a
 * tenth of the rate, within one second) ride on top of a full burst.
 */
export class PgRateLimit implements RateLimit {
  private readonly leases = new Map<string, Lease>();
  private readonly lease: number;
  private sweptAt = Date.now();

  constructor(
    private readonly pool: pg.Pool,
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.lease = Math.max(1, Math.min(Math.floor(burst), Math.floor(perSecond / 10)));
  }

  async take(key: string, now = Date.now()): Promise<number> {
    this.sweep(now);
    const held = this.leases.get(key);
    if (held && held.tokens >= 1 && now < held.until) {
      held.tokens--;
      return 0;
    }
    if (held && now < held.deniedUntil) return Math.max(1, Math.ceil((held.deniedUntil - now) / 1000));
    let answer: z.infer<typeof TakeSchema>;
    try {
      const { rows } = await this.pool.query({ name: "rate-take", text: "SELECT granted, wait_s FROM rate_take($1, $2, $3, $4)", values: [key, this.perSecond, this.burst, this.lease] });
      answer = TakeSchema.parse(rows[0]);
    } catch (err) {
      return unavailable(err);
    }
    const after = Date.now();
    if (answer.granted >= 1) {
      this.leases.set(key, { tokens: answer.granted - 1, until: after + LEASE_MS, deniedUntil: 0 });
      return 0;
    }
    this.leases.set(key, { tokens: 0, until: 0, deniedUntil: after + answer.wait_s * 1000 });
    return Math.max(1, Math.ceil(answer.wait_s));
  }

  /** Deletes buckets idle long enough to be full again (a missing bucket starts full): called by the leader now and then. */
  async prune(): Promise<number> {
    const idleS = this.burst / this.perSecond + 60;
    try {
      return (await this.pool.query("DELETE FROM rate_buckets WHERE at < clock_timestamp() - make_interval(secs => $1)", [idleS])).rowCount ?? 0;
    } catch (err) {
      return unavailable(err);
    }
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < FORGET_MS) return;
    this.sweptAt = now;
    for (const [key, lease] of this.leases) if (Math.max(lease.until, lease.deniedUntil) < now - FORGET_MS) this.leases.delete(key);
  }
}
