import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { GroupCommit } from './group-commit.js';

/** Checkpoints are at least this far apart: pages written many times in between are copied once. */
const CHECKPOINT_INTERVAL_MS = 500;

/**
 * The worker: its own connection copies the WAL into the database file (PASSIVE checkpoint, synced), then,
 * when everything was copied, makes the one small write that starts the WAL over. Starting the WAL over
 * syncs its new header; doing it here keeps that fsync off the event loop too (the event loop's connection
 * would otherwise do it at its next write).
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
 * A worker that dies or fails stops the process: the WAL would otherwise grow without end.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private release: (() => void) | undefined;
  private lastDone = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private stopped: (() => void) | undefined;

  constructor(
    file: string,
    private readonly commits: GroupCommit,
    private readonly onFatal: (error: Error) => void,
    spawn: (file: string) => Worker = spawnCheckpointWorker,
  ) {
    this.worker = spawn(file);
    this.worker.unref();
    this.worker.on('message', () => this.done());
    this.worker.on('error', (error) => this.fail(`the checkpoint worker failed: ${error.message}`));
    this.worker.on('exit', (code) => {
      if (this.stopping) this.stopped?.();
      else this.fail(`the checkpoint worker exited (code ${code})`);
    });
    commits.afterSync = () => this.due();
  }

  /** Waits for a checkpoint under way, then closes the worker's connection. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.commits.afterSync = undefined;
    const exited = new Promise<void>((resolve) => (this.stopped = resolve));
    // while the store closes, the worker is what the process waits for: unreferenced, the process would end
    // here, before the pending close and the "stopped" line
    this.worker.ref();
    if (this.release) await new Promise<void>((resolve) => this.worker.once('message', () => resolve()));
    this.worker.postMessage('close');
    await exited;
  }

  private due(): void {
    if (this.release || this.timer || this.stopping) return;
    const wait = this.lastDone + CHECKPOINT_INTERVAL_MS - Date.now();
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
    this.release = this.commits.holdWrites();
    this.worker.postMessage('checkpoint');
  }

  private done(): void {
    this.lastDone = Date.now();
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  private fail(message: string): void {
    if (this.stopping) return;
    this.stopping = true;
    this.onFatal(new Error(message));
  }
}
