import { closeSync, fdatasync, openSync } from 'node:fs';
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.js';

interface Job {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Committed to the WAL (in the page cache), waiting for the WAL's fdatasync to answer. */
interface Committed {
  batch: Job[];
  outcomes: Outcome[];
}

export interface GroupCommitOptions {
  /** The store can no longer tell what is durable (fdatasync failed, checkpoint worker died). */
  onFatal?: (error: Error) => void;
}

/** Longest wait before trying a batch again when another connection holds the write lock. */
const MAX_BUSY_RETRY_MS = 50;

/**
 * Writes that arrive together share one transaction, and each caller is answered only once that transaction
 * is on disk. The transaction runs on the event loop (synchronous=NORMAL: SQLite writes the WAL into the page
 * cache, no fsync), then the WAL's fdatasync runs on libuv's thread pool, off the event loop; the callers are
 * answered when it returns. Writes that arrive while it runs gather for the next transaction, so answers
 * go out in commit order. Each write runs in a savepoint of its own, so one that fails is undone and
 * rejected alone. A lock held by another connection never blocks the loop either: the batch is retried later.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private unsynced: Committed[] = [];
  private syncing = false;
  /** A sync has just answered its writers: the next transaction waits one turn of the loop for theirs. */
  private gathering = false;
  private busyDelay = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly walFd: number;
  private readonly onFatal: (error: Error) => void;
  private holds = 0;
  private readonly statements: Record<
    'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo',
    Statement<[]>
  >;
  /** Called after each fdatasync (the checkpointer decides whether a checkpoint is due). */
  afterSync: (() => void) | undefined;

  constructor(
    private readonly db: SqliteDatabase,
    options: GroupCommitOptions = {},
  ) {
    this.onFatal = options.onFatal ?? exitLoudly;
    // durability comes from the fdatasync below, not from SQLite's own sync at commit
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 0');
    this.walFd = openSync(`${db.name}-wal`, 'r');
    this.statements = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      savepoint: db.prepare('SAVEPOINT group_commit_write'),
      release: db.prepare('RELEASE group_commit_write'),
      rollbackTo: db.prepare('ROLLBACK TO group_commit_write'),
    };
  }

  run<T>(write: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Starts no new transaction until the returned release is called (the checkpoint worker writes then). */
  holdWrites(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.schedule();
    };
  }

  /** Resolves once every write asked for so far is committed, on disk and answered. */
  whenIdle(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Refuses new writes and finishes the pending ones. The database itself is closed by its owner. */
  async close(): Promise<void> {
    if (this.closed) return this.whenIdle();
    this.closed = true;
    await this.whenIdle();
    closeSync(this.walFd);
  }

  private schedule(): void {
    // writes that arrive while the WAL is being synced gather for the next transaction: fewer, larger
    // commits (fewer pages written per write), as when the sync blocked the loop, but the loop keeps serving
    if (this.scheduled || this.queue.length === 0 || this.holds > 0 || this.syncing || this.gathering) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    if (this.holds > 0 || this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    const outcomes: Outcome[] = [];
    const sql = this.statements;
    try {
      // IMMEDIATE: a lock held elsewhere fails here, before any write, and the whole batch waits
      sql.begin.run();
    } catch (error) {
      if (isBusy(error)) return this.retryLater(batch);
      return this.failBatch(batch, error);
    }
    try {
      for (const job of batch) outcomes.push(this.runInSavepoint(job));
      sql.commit.run();
    } catch (error) {
      if (this.db.inTransaction) sql.rollback.run();
      return this.failBatch(batch, error);
    }
    this.busyDelay = 0;
    this.unsynced.push({ batch, outcomes });
    this.sync();
  }

  /** The transaction failed as a whole: nothing of the batch is stored; answered in turn, after the sync. */
  private failBatch(batch: Job[], error: unknown): void {
    this.unsynced.push({ batch, outcomes: batch.map(() => ({ ok: false, error })) });
    this.sync();
  }

  /**
   * A savepoint of its own, so a write that fails is undone alone. Prepared once: a savepoint per write is
   * in the cost of every publish.
   */
  private runInSavepoint(job: Job): Outcome {
    const sql = this.statements;
    sql.savepoint.run();
    try {
      const value = job.write();
      sql.release.run();
      return { ok: true, value };
    } catch (error) {
      // an error SQLite answers by ending the whole transaction (disk full, I/O) fails the batch
      if (!this.db.inTransaction) throw error;
      sql.rollbackTo.run();
      sql.release.run();
      return { ok: false, error };
    }
  }

  private retryLater(batch: Job[]): void {
    this.queue = batch.concat(this.queue);
    this.busyDelay = Math.min(MAX_BUSY_RETRY_MS, this.busyDelay * 2 || 1);
    this.scheduled = true;
    setTimeout(() => this.flush(), this.busyDelay);
  }

  /** One fdatasync at a time; it covers every batch committed before it started. */
  private sync(): void {
    if (this.syncing || this.unsynced.length === 0) return;
    this.syncing = true;
    const covered = this.unsynced;
    this.unsynced = [];
    fdatasync(this.walFd, (error) => {
      this.syncing = false;
      if (error) {
        // what reached the disk is unknown: no answer can be trusted, so the process stops
        this.onFatal(new Error(`fdatasync of the store's WAL failed: ${error.message}`));
        return;
      }
      for (const { batch, outcomes } of covered) {
        batch.forEach((job, i) => {
          const outcome = outcomes[i];
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        });
      }
      this.afterSync?.();
      // The writers just answered send their next writes within the next turn of the loop; starting the
      // next transaction one turn later lets those join it: larger batches, fewer commits and syncs per
      // write (in a publish storm 11.6 writes a batch instead of 9.7, and about a tenth more reads served).
      this.gathering = true;
      setImmediate(() => {
        this.gathering = false;
        this.schedule();
        this.wakeIdleWaiters();
      });
    });
  }

  private idle(): boolean {
    return this.queue.length === 0 && !this.scheduled && this.unsynced.length === 0 && !this.syncing && !this.gathering;
  }

  private wakeIdleWaiters(): void {
    if (!this.idle()) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Logs why and ends the process with a failure code: the store cannot promise anything more. */
export function exitLoudly(error: Error): void {
  console.error(`tsnacos: stopping: ${error.message}`);
  process.exit(1);
}

const byDatabase = new WeakMap<SqliteDatabase, GroupCommit>();

/** The one group commit of a database, shared by all its stores (a transaction spans one connection). */
export function groupCommitOf(db: SqliteDatabase): GroupCommit {
  let commits = byDatabase.get(db);
  if (!commits) byDatabase.set(db, (commits = new GroupCommit(db)));
  return commits;
}
