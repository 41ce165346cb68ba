import { serviceKeyString, type ServiceKey } from './naming-model.js';

/**
 * Coalesces "service changed" events: the first change of a service opens a window of `delayMs`; every
 * change inside it joins, and the window ends with one flush of the distinct services. A burst of
 * registrations thus becomes one push per subscriber, at most `delayMs` late.
 */
export class ChangeBatcher {
  private pending = new Map<string, ServiceKey>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly delayMs: number,
    private readonly flush: (keys: ServiceKey[]) => void,
  ) {}

  mark(key: ServiceKey): void {
    if (this.closed) return;
    this.pending.set(serviceKeyString(key), key);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flushNow(), this.delayMs);
    this.timer.unref?.();
  }

  /** Flushes what is pending at once. */
  flushNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const keys = [...this.pending.values()];
    this.pending = new Map();
    this.flush(keys);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
