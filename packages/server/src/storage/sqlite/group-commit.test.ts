import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { GroupCommit } from './group-commit.js';

const opened: Array<{ db: SqliteDatabase; dir: string }> = [];

function open() {
  const dir = tempDataDir();
  const db = openDatabase(dir);
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
  opened.push({ db, dir });
  return { db, dir };
}

afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

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
    expect((reader.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(50);
    reader.close();
  });

  it('undoes and rejects only the write that failed', async () => {
    const { db } = open();
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
    expect(db.prepare('SELECT k FROM t ORDER BY k').all()).toEqual([{ k: 'a' }, { k: 'c' }]);
  });
});
