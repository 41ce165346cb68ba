import { Worker } from 'node:worker_threads';
import type { JobRequest, WorkerMessage } from './job-worker.js';
import { overLimit, UntrustedInputError } from './untrusted-error.js';

/**
 * Runs named jobs (job-worker.ts) on worker threads, so a document that is slow to read cannot stop the event
 * loop: at most `maxWorkers` at once, `maxQueued` more waiting (further jobs are refused as busy), each worker
 * with a heap limit, and each job with a deadline after which its worker is terminated. A worker is kept
 * `idleMs` for the next job, so a series of uploads pays for one start-up.
 */
export interface WorkerPoolOptions {
  /** The worker's entry module (it calls `serveJobs`); a `.ts` entry runs through tsx (tests, `npm run dev`). */
  entry: URL;
  maxWorkers: number;
  maxQueued: number;
  /** `resourceLimits.maxOldGenerationSizeMb` of each worker. */
  heapMb: number;
  idleMs: number;
  /** What a job refused for want of a free worker or queue place is told (`busy`, 429). */
  busyMessage?: string;
}

export interface RunOptions {
  deadlineMs: number;
  /** Called with each part the job emits, in order, before the job's promise settles. */
  onPart?: (part: unknown) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
  /** The running job's handlers; undefined while idle. */
  current?: {
    message: (message: WorkerMessage) => void;
    gone: (error: Error) => void;
  };
}

/**
 * The worker is started from this text so that the entry can be a bundled `.js` file in `dist/` or a `.ts`
 * source: tsx is registered first in the second case (Node 20 does not pass `--import` hooks to workers).
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
const loader = workerData.loader ? import(workerData.loader).then((tsx) => tsx.register()) : Promise.resolve();
loader.then(() => import(workerData.entry));
`;

export class WorkerPool {
  private readonly idle: Slot[] = [];
  private readonly live = new Set<Slot>();
  /** Jobs holding a turn (running or starting a worker). */
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private jobs = 0;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs `job` on `chunks`, whose buffers move to the worker when the chunks own them whole. */
  async run<T>(job: string, params: unknown, chunks: Uint8Array[], options: RunOptions): Promise<T> {
    await this.turn();
    try {
      const slot = this.idle.pop() ?? this.spawn();
      clearTimeout(slot.idleTimer);
      try {
        return await this.runOn<T>(
          slot,
          { id: ++this.jobs, job, params, chunks, taken: new SharedArrayBuffer(4) },
          options,
        );
      } finally {
        // a worker that answered (even a refusal) serves the next job; a terminated one is already dropped
        this.park(slot);
      }
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Ends every worker; jobs under way fail. */
  async close(): Promise<void> {
    await Promise.all([...this.live].map((slot) => slot.worker.terminate()));
  }

  private turn(): Promise<void> {
    if (this.running < this.options.maxWorkers) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxQueued) {
      const { maxWorkers, maxQueued, busyMessage } = this.options;
      return Promise.reject(
        new UntrustedInputError(
          'busy',
          busyMessage ??
            `the server is busy reading other uploads (${maxWorkers} at once, ${maxQueued} waiting); try again shortly`,
        ),
      );
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private spawn(): Slot {
    const { entry, heapMb } = this.options;
    const loader = entry.pathname.endsWith('.ts') ? import.meta.resolve('tsx/esm/api') : undefined;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { entry: entry.href, loader },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      execArgv: [],
    });
    worker.unref();
    let started: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const slot: Slot = { worker, ready: new Promise((resolve, reject) => ((started = resolve), (failed = reject))) };
    slot.ready.catch(() => undefined);
    this.live.add(slot);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') started();
      else slot.current?.message(message);
    });
    const gone = (error: Error) => {
      this.drop(slot);
      failed(error);
      slot.current?.gone(error);
    };
    worker.on('error', (error: Error & { code?: string }) =>
      gone(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? overLimit('parse-heap', 'parse worker heap in MB', heapMb)
          : new Error(`the parse worker failed: ${error.message}`),
      ),
    );
    worker.on('exit', (code) => gone(new Error(`the parse worker exited (code ${code})`)));
    return slot;
  }

  private async runOn<T>(slot: Slot, request: JobRequest, options: RunOptions): Promise<T> {
    await slot.ready;
    return new Promise<T>((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        slot.current = undefined;
        settle();
      };
      const timer = setTimeout(() => {
        finish(() => reject(overLimit('parse-time', 'parse time in ms', options.deadlineMs)));
        this.drop(slot);
        void slot.worker.terminate();
      }, options.deadlineMs);
      slot.current = {
        message: (message) => {
          if (message.type === 'ready' || message.id !== request.id) return;
          if (message.type === 'part') {
            try {
              options.onPart?.(message.part);
              // counted after this turn of the loop: the port would hand over a part sent at once in this turn
              setImmediate(() => {
                const taken = new Int32Array(request.taken);
                Atomics.add(taken, 0, 1);
                Atomics.notify(taken, 0);
              });
            } catch (err) {
              finish(() => reject(err instanceof Error ? err : new Error(String(err))));
              this.drop(slot);
              void slot.worker.terminate();
            }
          } else if (message.type === 'done') finish(() => resolve(message.result as T));
          else if (message.type === 'refused') finish(() => reject(UntrustedInputError.of(message.failure)));
          else if (message.type === 'failed') finish(() => reject(new Error(message.message)));
        },
        gone: (error) => finish(() => reject(error)),
      };
      slot.worker.postMessage(request, ownedBuffers(request.chunks));
    });
  }

  /** Keeps a worker that finished its job for the next one, for a while. */
  private park(slot: Slot): void {
    if (!this.live.has(slot)) return;
    this.idle.push(slot);
    slot.idleTimer = setTimeout(() => {
      this.drop(slot);
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  private drop(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    this.live.delete(slot);
    const at = this.idle.indexOf(slot);
    if (at >= 0) this.idle.splice(at, 1);
  }
}

/** Buffers a chunk owns whole move without a copy; a view into a shared pool (Buffer's) is copied. */
function ownedBuffers(chunks: Uint8Array[]): ArrayBuffer[] {
  const owned = new Set<ArrayBuffer>();
  for (const c of chunks) {
    if (c.buffer instanceof ArrayBuffer && c.byteOffset === 0 && c.byteLength === c.buffer.byteLength) {
      owned.add(c.buffer);
    }
  }
  return [...owned];
}
