import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { GroupCommit } from './group-commit.js';

const opened: Array<{ db: SqliteDatabase; dir: string }> = [];

function open() {
  const dir = tempDataDir();
  const db = openDatabase(dir);
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY AUTOINCREMENT, k TEXT UNIQUE NOT NULL, v INTEGER NOT NULL)');
  opened.push({ db, dir });
  return { db, dir };
}

afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const count = (db: SqliteDatabase) => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

describe('GroupCommit', () => {
  it('answers each of many concurrent writes once all of them are committed', async () => {
    const { db, dir } = open();
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => commits.run(() => insert.run(`k${i}`, i).changes)),
    );
    expect(results).toEqual(Array(50).fill(1));
    // another connection sees every answered write: they are committed, not only done in memory
    const reader = openDatabase(dir);
    expect(count(reader)).toBe(50);
    reader.close();
  });

  it('undoes and rejects only the write that failed, and commits its batch-mates', async () => {
    const { db, dir } = open();
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const outcomes = await Promise.allSettled([
      commits.run(() => insert.run('a', 1)),
      commits.run(() => {
        insert.run('b', 2);
        insert.run('a', 3); // duplicate key: this write fails after writing "b"
      }),
      commits.run(() => insert.run('c', 3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const reader = openDatabase(dir);
    expect(reader.prepare('SELECT k FROM t ORDER BY k').all()).toEqual([{ k: 'a' }, { k: 'c' }]);
    reader.close();
  });

  it('lets the writers a sync answered join the next transaction', async () => {
    const { db, dir } = open();
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const reader = openDatabase(dir);
    const committed = (k: string) => reader.prepare('SELECT 1 FROM t WHERE k = ?').get(k) !== undefined;
    const first = commits.run(() => insert.run('first', 1));
    await new Promise((resolve) => setImmediate(resolve)); // "first" is committed, its sync under way
    const waiting = commits.run(() => insert.run('waiting', 2));
    // the writer of "first", once answered, writes again as a client would, within a turn of the loop
    let waitingCommittedBefore: boolean | undefined;
    const next = first.then(
      () =>
        new Promise((resolve) => {
          setImmediate(() => {
            const write = commits.run(() => {
              waitingCommittedBefore = committed('waiting');
              insert.run('next', 3);
            });
            resolve(write);
          });
        }),
    );
    await Promise.all([waiting, next]);
    // one transaction with "waiting": another connection did not see "waiting" before "next" was written
    expect(waitingCommittedBefore).toBe(false);
    expect(count(reader)).toBe(3);
    reader.close();
  });

  it('answers writes in the order they are stored, across batches and syncs', async () => {
    const { db } = open();
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?) RETURNING n');
    const answered: number[] = [];
    const writes: Array<Promise<void>> = [];
    for (let round = 0; round < 20; round++) {
      // a few writes per round, each round started while earlier ones may still wait for their sync
      for (let i = 0; i < 5; i++) {
        const k = `r${round}-${i}`;
        const write = commits.run(() => insert.get(k, round) as { n: number });
        writes.push(write.then(({ n }) => void answered.push(n)));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(writes);
    const stored = (db.prepare('SELECT n FROM t ORDER BY n').all() as Array<{ n: number }>).map((r) => r.n);
    expect(answered).toEqual(stored);
    expect(answered).toHaveLength(100);
  });

  it('finishes the writes already asked for when it closes', async () => {
    const { db, dir } = open();
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const pending = Array.from({ length: 30 }, (_, i) => commits.run(() => insert.run(`k${i}`, i).changes));
    await commits.close();
    await expect(Promise.all(pending)).resolves.toEqual(Array(30).fill(1));
    await expect(commits.run(() => insert.run('late', 0))).rejects.toThrow('the store is closed');
    const reader = openDatabase(dir);
    expect(count(reader)).toBe(30);
    reader.close();
  });

  it('waits, without blocking, while another connection holds the write lock', async () => {
    const { db, dir } = open();
    const commits = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const other = openDatabase(dir);
    other.exec('BEGIN IMMEDIATE');
    let done = false;
    const write = commits.run(() => insert.run('a', 1)).then(() => (done = true));
    // timers and other callbacks keep running while the write waits for the lock
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    other.exec('COMMIT');
    other.close();
    await write;
    expect(count(db)).toBe(1);
  });
});
