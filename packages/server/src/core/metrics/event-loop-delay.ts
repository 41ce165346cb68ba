import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How often the monitor's timer is due, in ms. */
const RESOLUTION_MS = 10;

/**
 * How late the event loop ran its timers (Node's `monitorEventLoopDelay`, a timer due every 10 ms): what
 * every request waited for on top of its own work. Read as "since the previous reading".
 */
export class EventLoopDelay {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });

  start(): void {
    this.histogram.enable();
  }

  stop(): void {
    this.histogram.disable();
  }

  /** p99 and maximum delay in milliseconds since the previous call (0 without samples), then starts over. */
  take(): { p99: number; max: number } {
    const h = this.histogram;
    const figures = h.count > 0 ? { p99: ms(h.percentile(99)), max: ms(h.max) } : { p99: 0, max: 0 };
    h.reset();
    return figures;
  }
}

// The histogram holds the time between two runs of its timer, which is the resolution itself on an idle
// loop; the delay is what comes on top of it.
const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
