import type { SqliteDatabase } from './database.js';

interface Job {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Writes that arrive together share one transaction, so one fsync (synchronous=FULL) makes all of them
 * durable, and each caller is answered only after that commit. While a commit waits on the disk, the event
 * loop is blocked and new requests gather in the sockets: the next round takes all of them at once. Each
 * write runs in a savepoint of its own, so one that fails is undone and rejected alone.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(private readonly db: SqliteDatabase) {}

  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.db.transaction(() => {
        for (const job of batch) {
          try {
            // a transaction inside a transaction is a savepoint (better-sqlite3)
            outcomes.push({ ok: true, value: this.db.transaction(job.write)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      // the commit itself failed: nothing of the batch is stored
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}

const byDatabase = new WeakMap<SqliteDatabase, GroupCommit>();

/** The one group commit of a database, shared by all its stores (a transaction spans one connection). */
export function groupCommitOf(db: SqliteDatabase): GroupCommit {
  let commits = byDatabase.get(db);
  if (!commits) byDatabase.set(db, (commits = new GroupCommit(db)));
  return commits;
}
