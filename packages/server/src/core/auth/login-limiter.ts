import { LRUCache } from 'lru-cache';
import type { Clock } from '../../shared/clock.js';

interface Bucket {
  tokens: number;
  refilledAt: number;
  /** Set at the first refusal of a lock, so a lock is reported once. */
  lockReported: boolean;
}

export type Acquired = { allowed: true } | { allowed: false; retryInMs: number; lockStarted: boolean };

export const HOUR_MS = 3_600_000;
export const DEFAULT_MAX_BUCKETS = 10_000;

/**
 * Attempts per key: at most `perWindow` in a burst, then one more every `windowMs`/`perWindow` (the window
 * is an hour unless given); `reset` (after a success) forgets the key. Each attempt is a few map operations.
 * Memory is bounded: at most `maxBuckets` keys (the least recently tried goes first), and a bucket lives
 * only until it would be full again, since a full bucket is the same as none.
 */
export class LoginLimiter {
  private readonly buckets: LRUCache<string, Bucket>;
  private readonly interval: number;
  private attemptsSincePurge = 0;

  constructor(
    private readonly clock: Clock,
    private readonly perWindow: number,
    private readonly maxBuckets = DEFAULT_MAX_BUCKETS,
    windowMs = HOUR_MS,
  ) {
    this.interval = windowMs / perWindow;
    // ttlResolution 0: read the injected clock on every check instead of caching it behind a timer
    this.buckets = new LRUCache({ max: maxBuckets, perf: clock, ttlResolution: 0 });
  }

  /** Takes one attempt, or says how long until the next one is allowed. */
  tryAcquire(key: string): Acquired {
    const now = this.clock.now();
    this.purgeNowAndThen();
    const bucket = this.refill(
      this.buckets.get(key) ?? { tokens: this.perWindow, refilledAt: now, lockReported: false },
      now,
    );
    if (bucket.tokens < 1) {
      const lockStarted = !bucket.lockReported;
      this.store(key, { ...bucket, lockReported: true }, now);
      return { allowed: false, retryInMs: bucket.refilledAt + this.interval - now, lockStarted };
    }
    this.store(key, { ...bucket, tokens: bucket.tokens - 1 }, now);
    return { allowed: true };
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  /** Keys held (expired ones included until they are read or purged). */
  get size(): number {
    return this.buckets.size;
  }

  private refill(bucket: Bucket, now: number): Bucket {
    const earned = Math.floor((now - bucket.refilledAt) / this.interval);
    if (earned <= 0) return bucket;
    const tokens = Math.min(this.perWindow, bucket.tokens + earned);
    const refilledAt = tokens === this.perWindow ? now : bucket.refilledAt + earned * this.interval;
    return { tokens, refilledAt, lockReported: false };
  }

  /** Kept until the bucket would have refilled completely. */
  private store(key: string, bucket: Bucket, now: number): void {
    const untilFull = (this.perWindow - bucket.tokens) * this.interval - (now - bucket.refilledAt);
    this.buckets.set(key, bucket, { ttl: Math.max(1, Math.ceil(untilFull)) });
  }

  /** Drops expired buckets once per `maxBuckets` attempts: constant work per attempt on average. */
  private purgeNowAndThen(): void {
    if (++this.attemptsSincePurge < this.maxBuckets) return;
    this.attemptsSincePurge = 0;
    this.buckets.purgeStale();
  }
}
