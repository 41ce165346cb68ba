import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { GroupCommit } from './group-commit.js';

/** Checkpoints are at least this far apart: pages written many times in between are copied once. */
const CHECKPOINT_INTERVAL_MS = 500;
/**
 * A worker with no checkpoint to make for this long exits; the next write starts another. Alive, a worker
 * holds about 11 MB of RSS (its own V8 and Node); starting one costs about 100-150 ms of CPU on its thread,
 * so writes rarer than one per this period cost at most a few per cent of a core.
 */
const IDLE_EXIT_MS = 5_000;

/**
 * The worker: its own connection copies the WAL into the database file (PASSIVE checkpoint, synced), then,
 * when everything was copied, makes the one small write that starts the WAL over. Starting the WAL over
 * syncs its new header; doing it here keeps that fsync off the event loop too (the event loop's connection
 * would otherwise do it at its next write). It says 'ready' once its connection is open.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  if (result.log > 0 && result.checkpointed === result.log) {
    db.pragma('user_version = ' + db.pragma('user_version', { simple: true }));
  }
  parentPort.postMessage(result);
});
parentPort.postMessage('ready');
`;

/** Starts the checkpoint worker on the database file `file`. */
export function spawnCheckpointWorker(file: string): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file } });
}

/**
 * Keeps the WAL short without the event loop ever waiting on the disk: SQLite's own checkpoints (which sync
 * the WAL and the database file on the connection that commits) are off, and a worker thread checkpoints
 * instead, at most every CHECKPOINT_INTERVAL_MS after writes. New transactions are held meanwhile (they
 * queue; reads go on), so the worker's checkpoint completes and the WAL starts over from its own write.
 * The worker is started by the first checkpoint due (never at start-up: the first one waits an interval
 * after the store opens), writes are not held while it starts, and it exits after IDLE_EXIT_MS without
 * one. A worker that dies or fails stops the process: the WAL would otherwise grow without end.
 */
export class Checkpointer {
  private worker: Worker | undefined;
  /** The worker's connection is open. */
  private online = false;
  /** The worker was asked to exit, being idle. */
  private retiring = false;
  /** A checkpoint is due and waits for a worker. */
  private wanted = false;
  private release: (() => void) | undefined;
  private lastDone: number;
  private timer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private stopped: (() => void) | undefined;

  constructor(
    private readonly file: string,
    private readonly commits: GroupCommit,
    private readonly onFatal: (error: Error) => void,
    private readonly spawn: (file: string) => Worker = spawnCheckpointWorker,
    private readonly timing = { intervalMs: CHECKPOINT_INTERVAL_MS, idleExitMs: IDLE_EXIT_MS },
  ) {
    this.lastDone = Date.now();
    commits.afterSync = () => this.due();
  }

  /** Waits for a checkpoint under way, then closes the worker's connection. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearTimeout(this.idleTimer);
    this.commits.afterSync = undefined;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => (this.stopped = resolve));
    // while the store closes, the worker is what the process waits for: unreferenced, the process would end
    // here, before the pending close and the "stopped" line
    worker.ref();
    if (this.release) await new Promise<void>((resolve) => worker.once('message', () => resolve()));
    if (!this.retiring) worker.postMessage('close');
    await exited;
  }

  private due(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.release || this.timer || this.wanted || this.stopping) return;
    const wait = this.lastDone + this.timing.intervalMs - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, wait);
      this.timer.unref();
    } else this.start();
  }

  private start(): void {
    if (this.release || this.stopping) return;
    if (!this.worker) this.worker = this.startWorker();
    if (!this.online || this.retiring) {
      // started again once the worker is up (or the retiring one has gone)
      this.wanted = true;
      return;
    }
    this.wanted = false;
    this.release = this.commits.holdWrites();
    this.worker.postMessage('checkpoint');
  }

  private startWorker(): Worker {
    const worker = this.spawn(this.file);
    worker.unref();
    worker.on('message', (message) => {
      if (message === 'ready') {
        this.online = true;
        if (this.wanted) this.start();
      } else this.done();
    });
    worker.on('error', (error) => this.fail(`the checkpoint worker failed: ${error.message}`));
    worker.on('exit', (code) => {
      this.worker = undefined;
      this.online = false;
      if (this.stopping) return this.stopped?.();
      if (!this.retiring) return this.fail(`the checkpoint worker exited (code ${code})`);
      this.retiring = false;
      if (this.wanted) this.start();
    });
    return worker;
  }

  private done(): void {
    this.lastDone = Date.now();
    const release = this.release;
    this.release = undefined;
    release?.();
    if (this.stopping) return;
    this.idleTimer = setTimeout(() => this.retire(), this.timing.idleExitMs);
    this.idleTimer.unref();
  }

  /** No write since the last checkpoint for IDLE_EXIT_MS: the worker's memory goes back. */
  private retire(): void {
    this.idleTimer = undefined;
    if (!this.worker || this.release || this.stopping) return;
    this.retiring = true;
    this.worker.postMessage('close');
  }

  private fail(message: string): void {
    if (this.stopping) return;
    this.stopping = true;
    this.onFatal(new Error(message));
  }
}
