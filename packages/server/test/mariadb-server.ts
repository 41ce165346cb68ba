import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';

/** A throwaway MariaDB server on a temp data dir and a free port, run as a child process. */
export interface MariaDb {
  port: number;
  socket: string;
  /** A root connection over the socket, for setting up fixtures. */
  admin(database?: string): Promise<mysql.Connection>;
  stop(): Promise<void>;
}

function findBinary(name: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/usr/local/sbin']) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts MariaDB, or resolves to the reason it cannot run here (so the caller can say why it skips). */
export async function startMariaDb(): Promise<MariaDb | string> {
  const mariadbd = findBinary('mariadbd');
  const installDb = findBinary('mariadb-install-db');
  if (!mariadbd || !installDb) return 'MariaDB is not installed (Debian package mariadb-server; .ci/run installs it)';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-mariadb-'));
  const dataDir = path.join(dir, 'data');
  const socket = path.join(dir, 'mysqld.sock');
  const user = os.userInfo().username;
  const install = spawnSync(
    installDb,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--user=${user}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (install.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `mariadb-install-db failed: ${(install.stderr || install.stdout || String(install.error)).trim().split('\n').at(-1)}`;
  }
  const port = await freePort();
  const log = openSync(path.join(dir, 'server.log'), 'w');
  const child: ChildProcess = spawn(
    mariadbd,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--user=${user}`,
      `--pid-file=${path.join(dir, 'mysqld.pid')}`,
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
      '--innodb-flush-log-at-trx-commit=0',
      '--default-time-zone=+00:00',
    ],
    { stdio: ['ignore', log, log] },
  );
  let exited = false;
  child.on('exit', () => (exited = true));
  const admin = (database?: string) =>
    mysql.createConnection({ socketPath: socket, user: 'root', database, multipleStatements: true });
  const stop = async () => {
    if (!exited) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready when the socket accepts a login; bounded so a broken install fails instead of hanging.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      const tail = readFileSync(path.join(dir, 'server.log'), 'utf8').trim().split('\n').slice(-3).join(' | ');
      await stop();
      return `mariadbd exited at start: ${tail}`;
    }
    try {
      const connection = await admin();
      await connection.end();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        return 'mariadbd did not accept connections within 30 s';
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { port, socket, admin, stop };
}
