import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface DriverEvent {
  event: string;
  [key: string]: unknown;
}

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

/**
 * A client SDK running in its own process, driven over stdin/stdout with one JSON object per line
 * (see python_sdk_driver.py and rust_sdk_driver.mjs). The SDK runs out of process because some SDKs
 * block their caller's thread while connecting, and because killing the process is the honest way to
 * drop a client's connections.
 */
export class LineDriver {
  readonly events: DriverEvent[] = [];
  private readonly replies = new Map<number, (reply: Reply) => void>();
  private readonly eventWaiters = new Set<{ match: (e: DriverEvent) => boolean; resolve: (e: DriverEvent) => void }>();
  private nextId = 1;
  /** Called with each event as it arrives (listener and subscription callbacks). */
  onEvent: ((event: DriverEvent) => void) | undefined;
  private exited: Promise<void>;
  stderr = '';

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-20_000);
    });
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
  }

  static async start(
    command: string,
    args: string[],
    env: Record<string, string> = {},
    readyTimeoutMs = 20_000,
  ): Promise<LineDriver> {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const driver = new LineDriver(child);
    await driver
      .waitEvent((e) => e.event === 'ready', readyTimeoutMs)
      .catch((err: Error) => {
        driver.kill();
        throw new Error(`${err.message}; driver stderr:\n${driver.stderr}`);
      });
    return driver;
  }

  call<T = unknown>(cmd: string, args: Record<string, unknown> = {}, timeoutMs = 15_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(id);
        reject(new Error(`${cmd}: no reply within ${timeoutMs} ms; driver stderr:\n${this.stderr.slice(-4000)}`));
      }, timeoutMs);
      this.replies.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.ok) resolve(reply.result as T);
        else reject(new Error(`${cmd}: ${reply.error}`));
      });
      this.child.stdin.write(JSON.stringify({ id, cmd, args }) + '\n');
    });
  }

  /** The first event (already received or coming) that matches; rejects after `timeoutMs`. */
  waitEvent(match: (e: DriverEvent) => boolean, timeoutMs = 10_000, since = 0): Promise<DriverEvent> {
    const seen = this.events.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (e: DriverEvent) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      const timer = setTimeout(() => {
        this.eventWaiters.delete(waiter);
        reject(
          new Error(`no matching event within ${timeoutMs} ms; events: ${JSON.stringify(this.events.slice(-10))}`),
        );
      }, timeoutMs);
      this.eventWaiters.add(waiter);
    });
  }

  /** Kills the process at once: its connections drop without a goodbye. */
  kill(): void {
    this.child.kill('SIGKILL');
  }

  /** Ends stdin (the driver shuts its clients down), waits a bounded time, then kills. */
  async close(timeoutMs = 5_000): Promise<void> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }

  private onLine(line: string): void {
    let message: Reply & DriverEvent;
    try {
      message = JSON.parse(line);
    } catch {
      return; // SDK log output on stdout
    }
    if (typeof message.event === 'string') {
      this.events.push(message);
      this.onEvent?.(message);
      for (const waiter of [...this.eventWaiters]) {
        if (waiter.match(message)) {
          this.eventWaiters.delete(waiter);
          waiter.resolve(message);
        }
      }
      return;
    }
    this.replies.get(message.id)?.(message);
    this.replies.delete(message.id);
  }
}
