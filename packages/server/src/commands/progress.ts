import cliProgress from 'cli-progress';

/** Progress of one long step: a bar on a terminal, a few plain lines otherwise (logs, CI, pipes). */
export interface Progress {
  /** `total` undefined when unknown (the bar then shows the count only). */
  start(label: string, total?: number): void;
  update(done: number): void;
  /** Raises the expected total (paged sources learn it as they go). */
  setTotal(total: number): void;
  stop(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  return stream.isTTY ? new BarProgress(stream) : new LineProgress(stream);
}

class BarProgress implements Progress {
  private bar: cliProgress.SingleBar | undefined;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  start(label: string, total?: number): void {
    this.stop();
    const format =
      total === undefined ? `${label} {value}` : `${label} [{bar}] {percentage}% {value}/{total} ETA {eta_formatted}`;
    this.bar = new cliProgress.SingleBar(
      { format, stream: this.stream, hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total ?? 0, 0);
  }

  update(done: number): void {
    this.bar?.update(done);
  }

  setTotal(total: number): void {
    this.bar?.setTotal(total);
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}

/** Prints at every tenth of the work (or every 1000 items when the total is unknown), and at the end. */
class LineProgress implements Progress {
  private label = '';
  private total: number | undefined;
  private done = 0;
  private lastPrinted = -1;
  private active = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  start(label: string, total?: number): void {
    this.stop();
    this.label = label;
    this.total = total;
    this.done = 0;
    this.lastPrinted = -1;
    this.active = true;
  }

  update(done: number): void {
    this.done = done;
    const step = this.total ? Math.floor((done * 10) / this.total) : Math.floor(done / 1000);
    if (step > this.lastPrinted && done > 0) {
      this.lastPrinted = step;
      this.print();
    }
  }

  setTotal(total: number): void {
    this.total = total;
  }

  stop(): void {
    if (this.active && this.done !== 0 && this.lastPrinted !== (this.total ? 10 : Math.floor(this.done / 1000)))
      this.print();
    this.active = false;
  }

  private print(): void {
    const of = this.total ? `/${this.total} (${Math.floor((this.done * 100) / this.total)}%)` : '';
    this.stream.write(`${this.label}: ${this.done}${of}\n`);
  }
}
