import { serviceKeyString, type ServiceKey } from './naming-model.js';

/**
 * Coalesces "service changed" events into flushes of the distinct services, at most one flush per
 * `delayMs`. A change after a quiet spell is flushed on the next turn of the event loop (changes made by
 * the same batch of requests still go together); changes arriving within `delayMs` of the last flush wait
 * for the end of that window and go in one flush. An isolated change is thus pushed at once, and a burst
 * of registrations becomes a few pushes per subscriber, each at most `delayMs` late.
 */
export class ChangeBatcher {
  private pending = new Map<string, ServiceKey>();
  private scheduled: { cancel(): void } | null = null;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly delayMs: number,
    private readonly flush: (keys: ServiceKey[]) => void,
  ) {}

  mark(key: ServiceKey): void {
    if (this.closed) return;
    this.pending.set(serviceKeyString(key), key);
    if (this.scheduled) return;
    const wait = this.lastFlushAt + this.delayMs - performance.now();
    if (wait <= 0) {
      const immediate = setImmediate(() => this.flushNow());
      immediate.unref();
      this.scheduled = { cancel: () => clearImmediate(immediate) };
    } else {
      const timer = setTimeout(() => this.flushNow(), wait);
      timer.unref();
      this.scheduled = { cancel: () => clearTimeout(timer) };
    }
  }

  /** Flushes what is pending at once. */
  flushNow(): void {
    this.scheduled?.cancel();
    this.scheduled = null;
    if (this.pending.size === 0) return;
    const keys = [...this.pending.values()];
    this.pending = new Map();
    this.lastFlushAt = performance.now();
    this.flush(keys);
  }

  close(): void {
    this.closed = true;
    this.scheduled?.cancel();
    this.scheduled = null;
    this.pending.clear();
  }
}
