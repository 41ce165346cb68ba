import { existsSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE, openDatabase, type SqliteDatabase } from './database.js';

/**
 * Opens the store for an offline tool and holds it exclusively until closed. A running server keeps its
 * connection open, so taking the exclusive lock fails while it runs, and a server cannot start meanwhile.
 */
export function openDatabaseExclusively(dataDir: string, options: { mustExist: boolean }): SqliteDatabase {
  if (options.mustExist && !existsSync(path.join(dataDir, DATABASE_FILE))) {
    throw new Error(`no tsnacos store in ${dataDir} (expected ${DATABASE_FILE}; set --data-dir or RNACOS_DATA_DIR)`);
  }
  const db = openDatabase(dataDir);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    db.pragma('busy_timeout = 5000');
  } catch {
    db.close();
    throw new Error(`the store in ${dataDir} is in use: stop the tsnacos server first`);
  }
  return db;
}
