import type { Clock } from '../../shared/clock.js';

interface Bucket {
  tokens: number;
  refilledAt: number;
}

const HOUR_MS = 3_600_000;

/**
 * Login attempts per username: at most `perHour` in a burst, then one more every hour/`perHour`; a successful
 * login resets the count. Keyed by username only, so an attacker cannot dodge it by switching addresses.
 */
export class LoginLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly clock: Clock,
    private readonly perHour: number,
  ) {}

  /** Takes one attempt; false when none is left. */
  tryAcquire(username: string): boolean {
    const now = this.clock.now();
    const bucket = this.refill(this.buckets.get(username) ?? { tokens: this.perHour, refilledAt: now }, now);
    if (bucket.tokens < 1) {
      this.buckets.set(username, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(username, bucket);
    this.forgetFull(now);
    return true;
  }

  reset(username: string): void {
    this.buckets.delete(username);
  }

  private refill(bucket: Bucket, now: number): Bucket {
    const interval = HOUR_MS / this.perHour;
    const earned = Math.floor((now - bucket.refilledAt) / interval);
    if (earned <= 0) return bucket;
    const tokens = Math.min(this.perHour, bucket.tokens + earned);
    return { tokens, refilledAt: tokens === this.perHour ? now : bucket.refilledAt + earned * interval };
  }

  /** Buckets that have refilled completely carry no information; drop them to bound memory. */
  private forgetFull(now: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [name, bucket] of this.buckets) {
      if (this.refill(bucket, now).tokens >= this.perHour) this.buckets.delete(name);
    }
  }
}
