import type { Logger } from '../../shared/logger.js';

/** How often the watch looks at the lease, and asks the other nodes again while they cannot tell. */
const CHECK_EVERY_MS = 250;
const ASK_AGAIN_MS = 2_000;
/** How long this node's own statement may take to count as reaching the store: a cut-off node must not wait. */
const SELF_PROBE_MS = 500;

export interface LeaseWatchHooks {
  /** Whether another node reaches the store right now (it asks it to run a statement); false when none can tell. */
  othersReachStore(): Promise<boolean>;
  /** Whether this node itself reaches the store right now (one statement). */
  selfReachesStore(): Promise<boolean>;
  /** Renew the lease at once (the store answers again, the next renewal is not due yet). */
  renewNow(): void;
  /** This node lets its clients go (they reconnect to another node) and takes no new ones. */
  release(): void;
}

/**
 * Whether this node may hold clients. Its lease runs from the start of its last renewal that went through;
 * once it has run out (a renewal before the others may evict the node), the node asks the other
 * nodes whether they reach the store: if one does, this node alone is cut off, the others will evict it
 * and drop its clients' instances, so it lets its clients go to a node that can represent them and takes
 * no new ones until it has renewed again. If none does, the store is down for every node: nobody is
 * evicted (the others give a lease back when it returns), and the clients stay where they are.
 */
export class LeaseWatch {
  private renewedAt = Date.now();
  private released = false;
  private asking = false;
  private askedAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastTick = Date.now();
  /** The longest this process did not run (its timers late) since the last renewal that went through. */
  private stalledMs = 0;

  constructor(
    private readonly leaseMs: number,
    private readonly logger: Logger,
    private readonly hooks: LeaseWatchHooks,
  ) {}

  start(): void {
    this.lastTick = Date.now();
    this.timer ??= setInterval(() => {
      const now = Date.now();
      this.stalledMs = Math.max(this.stalledMs, now - this.lastTick - CHECK_EVERY_MS);
      this.lastTick = now;
      void this.check();
    }, CHECK_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** False while this node has let its clients go: it takes no new ones. */
  get accepting(): boolean {
    return !this.released;
  }

  /**
   * A renewal that began at `startedAt` (local clock) went through. Answers the longest this process did
   * not run since the renewal before (paused, stalled), in ms.
   */
  renewed(startedAt: number): number {
    const stalledMs = this.stalledMs;
    this.stalledMs = 0;
    this.renewedAt = Math.max(this.renewedAt, startedAt);
    if (!this.released) return stalledMs;
    this.released = false;
    this.logger.info('this node renewed its lease again: it takes clients again');
    return stalledMs;
  }

  /** Whether this node's own statement goes through within SELF_PROBE_MS (a hung link answers no). */
  private async selfReachesSoon(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SELF_PROBE_MS)));
    try {
      return await Promise.race([this.hooks.selfReachesStore().catch(() => false), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async check(): Promise<void> {
    const now = Date.now();
    if (this.released || this.asking || now - this.renewedAt < this.leaseMs) return;
    if (now - this.askedAt < ASK_AGAIN_MS) return;
    this.asking = true;
    this.askedAt = now;
    try {
      const others = await this.hooks.othersReachStore().catch(() => false);
      // a renewal may have gone through while the others were asked
      if (!others || this.released || Date.now() - this.renewedAt < this.leaseMs) return;
      // back from an outage for all, the others may renew before this node's next renewal is due: it is
      // not cut off if it reaches the store itself, it renews at once instead (asked again later if that fails)
      if (await this.selfReachesSoon()) {
        this.hooks.renewNow();
        return;
      }
      if (this.released || Date.now() - this.renewedAt < this.leaseMs) return;
      this.released = true;
      const silentSeconds = Math.round((Date.now() - this.renewedAt) / 100) / 10;
      this.logger.warn(
        { silentSeconds },
        'this node cannot renew its lease while other nodes reach the database: it lets its gRPC clients go to them and takes none until it renews',
      );
      this.hooks.release();
    } finally {
      this.asking = false;
    }
  }
}
