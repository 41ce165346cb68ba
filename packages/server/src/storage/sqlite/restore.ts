import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  fsyncSync,
  closeSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './native-driver.js';
import { DATABASE_FILE, openDatabase } from './database.js';
import { MIGRATIONS } from './migrations.js';

/** Tables every tsnacos store has had since its first schema. */
const REQUIRED_TABLES = ['config', 'config_history', 'namespace'];

/** What a backup file holds, once it passed the checks. */
export interface BackupFileInfo {
  schemaVersion: number;
  configs: number;
}

/** Refuses anything but an intact tsnacos store whose schema this version knows. */
export function checkBackupFile(file: string): BackupFileInfo {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  let db: Database.Database;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new Error(`${file} cannot be opened: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  try {
    let version: number;
    let tables: Set<string>;
    try {
      version = db.pragma('user_version', { simple: true }) as number;
      tables = new Set(
        (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
          (row) => row.name,
        ),
      );
    } catch {
      throw new Error(`${file} is not a SQLite database`);
    }
    if (version === 0 || REQUIRED_TABLES.some((table) => !tables.has(table))) {
      throw new Error(`${file} is not a tsnacos store (no tsnacos schema in it)`);
    }
    if (version > MIGRATIONS.length) {
      throw new Error(
        `${file} was written by a newer tsnacos (schema ${version}, this one knows ${MIGRATIONS.length}): restore it with that version`,
      );
    }
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    if (integrity !== 'ok') throw new Error(`${file} is damaged (integrity_check: ${integrity})`);
    const configs = (db.prepare('SELECT COUNT(*) AS n FROM config').get() as { n: number }).n;
    return { schemaVersion: version, configs };
  } finally {
    db.close();
  }
}

/** Takes the old store's lock (refused while a server holds it) and folds its WAL into the file. */
function quiesceOldStore(file: string, dataDir: string): void {
  const db = openSqlite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    // as the offline tools do: the exclusive lock cannot be had while a server keeps the store open
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    throw new Error(`the store in ${dataDir} is in use: stop the tsnacos server first`);
  } finally {
    db.close();
  }
}

export interface RestoreResult extends BackupFileInfo {
  /** Where the store that was there before now is; null when the data dir had none. */
  keptAside: string | null;
}

/**
 * Puts a backup in place of a stopped server's store: checks the file, moves the old store aside
 * (`tsnacos.db.before-restore-<time>`), copies the backup in and brings its schema up to date.
 */
export function restoreDataDir(backupFile: string, dataDir: string, now = new Date()): RestoreResult {
  const info = checkBackupFile(backupFile);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const target = path.join(dataDir, DATABASE_FILE);
  let keptAside: string | null = null;
  if (existsSync(target)) {
    quiesceOldStore(target, dataDir);
    keptAside = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAside);
    for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  }
  const temp = `${target}.restoring`;
  copyFileSync(backupFile, temp);
  chmodSync(temp, 0o600);
  const fd = openSync(temp, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, target);
  // a backup of an older version gets this version's migrations now rather than at the next start
  openDatabase(dataDir).close();
  return Object.assign({}, info, { keptAside });
}
