import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { TSX } from '../../../test/server-process.js';
import { Checkpointer, spawnCheckpointWorker } from './checkpointer.js';
import { openDatabase } from './database.js';
import { GroupCommit } from './group-commit.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openWithCommits() {
  const dir = tempDataDir();
  dirs.push(dir);
  const db = openDatabase(dir);
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT NOT NULL)');
  db.pragma('wal_autocheckpoint = 0');
  return { dir, db, commits: new GroupCommit(db) };
}

/** WAL frames not yet in the database file, as another connection sees them. */
function walFrames(dir: string): number {
  const reader = openDatabase(dir);
  try {
    reader.pragma('wal_autocheckpoint = 0');
    // a checkpoint reports the WAL's length in frames (a restarted WAL holds only the restarting write)
    const [result] = reader.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
    return result.log;
  } finally {
    reader.close();
  }
}

describe('Checkpointer', () => {
  it('copies the WAL into the database file and starts it over from its own thread', async () => {
    const { dir, db, commits } = openWithCommits();
    const fatal: Error[] = [];
    const checkpointer = new Checkpointer(db.name, commits, (error) => fatal.push(error));
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => commits.run(() => insert.run(`${round}-${i}`, 'x'.repeat(2000)))),
      );
    }
    // 200 rows of 2 kB: hundreds of WAL frames; after the worker's checkpoint the WAL holds only its restart
    const deadline = Date.now() + 20_000;
    let frames = Infinity;
    while (Date.now() < deadline && (frames = walFrames(dir)) > 2) await new Promise((r) => setTimeout(r, 50));
    expect(frames).toBeLessThanOrEqual(2);
    await checkpointer.stop();
    await commits.close();
    db.close();
    expect(fatal).toEqual([]);
  });

  it('starts no worker before a write, and lets an idle one go until the next write', async () => {
    const { db, commits } = openWithCommits();
    const fatal: Error[] = [];
    const workers: Worker[] = [];
    const spawn = (file: string) => workers[workers.push(spawnCheckpointWorker(file)) - 1];
    const checkpointer = new Checkpointer(db.name, commits, (error) => fatal.push(error), spawn, {
      intervalMs: 20,
      idleExitMs: 100,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(workers).toHaveLength(0);
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const exited = (worker: Worker) => new Promise((resolve) => worker.once('exit', resolve));
    for (const round of [1, 2]) {
      await commits.run(() => insert.run(`k${round}`, 'v'));
      const deadline = Date.now() + 20_000;
      while (workers.length < round && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(workers).toHaveLength(round);
      // checkpointed, then idle: it exits
      await exited(workers[round - 1]);
    }
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2 });
    await checkpointer.stop();
    await commits.close();
    db.close();
    expect(fatal).toEqual([]);
  });

  it('reports a worker that dies as fatal', async () => {
    const { db, commits } = openWithCommits();
    const died = new Promise<Error>((resolve) => {
      new Checkpointer(db.name, commits, resolve, () => new Worker('throw new Error("out of luck")', { eval: true }));
    });
    // the worker starts with the first checkpoint due, after a write
    await commits.run(() => db.prepare('INSERT INTO t (k, v) VALUES (?, ?)').run('k', 'v'));
    expect((await died).message).toBe('the checkpoint worker failed: out of luck');
    await commits.close();
    db.close();
  });

  it('stops the process with a failure code and a message when the worker dies', () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
    const script = `
      import { Worker } from 'node:worker_threads';
      import { Checkpointer } from ${JSON.stringify(here('./checkpointer.ts'))};
      import { openDatabase } from ${JSON.stringify(here('./database.ts'))};
      import { exitLoudly, GroupCommit } from ${JSON.stringify(here('./group-commit.ts'))};
      const db = openDatabase(${JSON.stringify(dir)});
      const commits = new GroupCommit(db);
      db.exec('CREATE TABLE t (k TEXT)');
      new Checkpointer(db.name, commits, exitLoudly, () => new Worker('process.exit(3)', { eval: true }));
      await commits.run(() => db.prepare('INSERT INTO t (k) VALUES (1)').run());
      setInterval(() => {}, 1000); // a server would keep running
    `;
    const run = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('tsnacos: stopping: the checkpoint worker exited (code 3)');
  });
});
