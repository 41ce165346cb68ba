import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

interface Told {
  since: number;
  /** Occurrences since the last line. */
  count: number;
  fields: Record<string, unknown>;
}

/**
 * One warning per key and interval, with how often it happened, instead of one per occurrence: a client
 * that keeps sending bad input cannot flood the log. The first occurrence is told at once; the rest of an
 * interval is told with its count by the first occurrence after it, or when the key is forgotten.
 */
export class ThrottledWarning {
  private readonly told = new Map<string, Told>();

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly message: string,
    private readonly intervalMs = 60_000,
  ) {}

  note(key: string, fields: Record<string, unknown>): void {
    const now = this.clock.now();
    const entry = this.told.get(key);
    if (!entry) {
      this.logger.warn({ ...fields, count: 1 }, this.message);
      this.told.set(key, { since: now, count: 0, fields });
      return;
    }
    entry.count++;
    entry.fields = fields;
    if (now - entry.since < this.intervalMs) return;
    this.logger.warn({ ...fields, count: entry.count }, this.message);
    entry.since = now;
    entry.count = 0;
  }

  /** Tells the count not yet told for `key`, then forgets it (its connection is gone). */
  forget(key: string): void {
    const entry = this.told.get(key);
    if (!entry) return;
    this.told.delete(key);
    if (entry.count > 0) this.logger.warn({ ...entry.fields, count: entry.count }, this.message);
  }
}
