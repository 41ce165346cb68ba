import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openSqlite } from './native-driver.js';
import type { BackupStore } from '../../core/backup/backup-store.js';
import { DATABASE_FILE, type SqliteDatabase } from './database.js';

/** A temp name beside `target`, so the final rename stays on one file system. */
function tempBeside(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Runs `write(temp)`, then makes the copy private and renames it over `target`; the size in bytes. */
async function writeCopy(target: string, write: (temp: string) => Promise<void> | void): Promise<number> {
  if (!existsSync(path.dirname(path.resolve(target)))) {
    throw new Error(`cannot write ${target}: its directory does not exist`);
  }
  const temp = tempBeside(target);
  try {
    await write(temp);
    // the copy holds password hashes and every config, as the store does
    await chmod(temp, 0o600);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return (await stat(target)).size;
}

/**
 * The server's backup: SQLite's online backup on the server's own connection. It copies a few pages per
 * turn of the event loop, so requests keep being served; writes made meanwhile through this connection are
 * copied too, so the file is the store as of the moment the copy ends.
 */
export function connectionBackup(db: SqliteDatabase): BackupStore {
  return {
    backupTo: (file) =>
      writeCopy(file, async (temp) => {
        await db.backup(temp);
      }),
  };
}

/**
 * The command line's backup, beside a running server or without one: a read-only connection and
 * `VACUUM INTO`, which copies one read transaction's snapshot. In WAL mode a reader never blocks the
 * server's writes, so it may run as long as it needs.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<number> {
  const file = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    throw new Error(`no tsnacos store in ${dataDir} (expected ${DATABASE_FILE}; set --data-dir or RNACOS_DATA_DIR)`);
  }
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return await writeCopy(target, (temp) => {
      db.prepare('VACUUM INTO ?').run(temp);
    });
  } finally {
    db.close();
  }
}
