export interface MetricsLogOptions {
  intervalSeconds: number;
  /** The figures to write, read at each interval. */
  summary: () => Record<string, number>;
  /** Writes one summary (one log line: structured loggers keep it together). */
  write: (figures: Record<string, number>) => void;
  /** A summary that could not be read (a failing gauge): that line is skipped, the timer goes on. */
  failed: (err: unknown) => void;
}

/**
 * Writes a summary of the metrics to the log every interval (r-nacos's `RNACOS_METRICS_ENABLE_LOG`), for
 * deployments that read logs rather than scrape /metrics. The timer never keeps the process alive.
 */
export class MetricsLog {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: MetricsLogOptions) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.writeNow(), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One summary now. */
  writeNow(): void {
    let figures: Record<string, number>;
    try {
      figures = this.options.summary();
    } catch (err) {
      this.options.failed(err);
      return;
    }
    this.options.write(figures);
  }
}
