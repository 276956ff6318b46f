import type { MaybePromise } from "./tx-store.js";

/** Takes one request's token for a key (a token id, or a client address for failed attempts). */
export interface RateLimit {
  /** 0 when the request may go ahead, otherwise the whole seconds to wait. */
  take(key: string): MaybePromise<number>;
}

/** A token bucket per key: `perSecond` sustained, `burst` at once, in this process's memory. */
export class RateLimiter implements RateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Takes one token for `key`; returns 0 when allowed, otherwise the seconds to wait. */
  take(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }
}
