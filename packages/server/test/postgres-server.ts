import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

/** A throwaway PostgreSQL server on a temp data dir and a free port, run as a child process. */
export interface Postgres {
  port: number;
  /** URL of a database on it (default `postgres`). */
  url(database?: string): string;
  /** Creates a database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** A fast shutdown that keeps the data (the database "goes away"). */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  /** Stops every PostgreSQL process with SIGSTOP: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT to what `freeze` stopped. */
  thaw(): void;
  /** Stops it and deletes everything. */
  stop(): Promise<void>;
}

/** Debian installs the server binaries outside PATH, under /usr/lib/postgresql/<version>/bin. */
function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user Debian's package creates. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) return undefined;
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The processes a process forked (Linux: /proc/<pid>/task/<pid>/children). */
function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

/** Starts PostgreSQL, or resolves to the reason it cannot run here (so the caller can say why it skips). */
export async function startPostgres(): Promise<Postgres | string> {
  const bin = findBinDir();
  if (!bin) return 'PostgreSQL is not installed (Debian package postgresql; .ci/run installs it)';
  const user = runAs();
  if (process.getuid?.() === 0 && !user) return 'running as root and there is no postgres user to run PostgreSQL as';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale'],
    {
      encoding: 'utf8',
      timeout: 60_000,
      ...user,
    },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `initdb failed: ${(init.stderr || init.stdout || String(init.error)).trim().split('\n').at(-1)}`;
  }
  const port = await freePort();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let child: ChildProcess | null = null;

  const launch = async (): Promise<string | null> => {
    const log = openSync(path.join(dir, 'server.log'), 'a');
    if (user) chownSync(path.join(dir, 'server.log'), user.uid, user.gid);
    const proc = spawn(
      path.join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      { stdio: ['ignore', log, log], ...user },
    );
    child = proc;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (proc.exitCode !== null) {
        const tail = readFileSync(path.join(dir, 'server.log'), 'utf8').trim().split('\n').slice(-3).join(' | ');
        return `postgres exited at start: ${tail}`;
      }
      const client = new pg.Client({ connectionString: url() });
      try {
        await client.connect();
        await client.end();
        return null;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) return 'postgres did not accept connections within 30 s';
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const halt = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGINT'); // fast shutdown: sessions are cut, data kept
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    await gone;
    clearTimeout(timer);
  };
  let frozen: number[] = [];
  const freeze = () => {
    const main = child?.pid;
    if (!main || frozen.length > 0) return;
    // the postmaster first, so that it forks no new backend meanwhile
    signal(main, 'SIGSTOP');
    frozen = [main, ...childrenOf(main)];
    for (const pid of frozen.slice(1)) signal(pid, 'SIGSTOP');
  };
  const thaw = () => {
    for (const pid of frozen) signal(pid, 'SIGCONT');
    frozen = [];
  };
  const stop = async () => {
    thaw();
    await halt();
    rmSync(dir, { recursive: true, force: true });
  };

  const failed = await launch();
  if (failed) {
    await stop();
    return failed;
  }
  return {
    port,
    url,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    pause: async () => {
      thaw();
      await halt();
    },
    freeze,
    thaw,
    async resume() {
      const failure = await launch();
      if (failure) throw new Error(failure);
    },
    stop,
  };
}
