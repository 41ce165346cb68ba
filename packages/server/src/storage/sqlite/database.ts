import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './native-driver.js';
import { MIGRATIONS } from './migrations.js';

export type SqliteDatabase = Database.Database;

export const DATABASE_FILE = 'tsnacos.db';

/**
 * Opens (creating if needed) the store in `dataDir` and brings its schema up to date.
 * WAL with synchronous=FULL: a transaction is on disk before the call that committed it returns (migrations,
 * tools). The stores' group commit turns that down to NORMAL and syncs the WAL itself, off the event loop.
 */
export function openDatabase(dataDir: string): SqliteDatabase {
  // the store holds password hashes and every config: readable by this user only (SQLite gives its -wal
  // and -shm files the database file's permissions)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILE);
  closeSync(openSync(file, 'a', 0o600));
  const db = openSqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: SqliteDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the store was written by a newer tsnacos (schema ${current}, this one knows ${MIGRATIONS.length})`,
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
