import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { decodeRecord } from '../core/transfer/transfer-codec.js';
import { RnacosSqliteDb } from '../storage/rnacos-sqlite/rnacos-sqlite-db.js';
import { configToRows, namespaceToRow, userToRow } from '../storage/rnacos-sqlite/rnacos-sqlite-rows.js';
import { createProgress } from './progress.js';
import { printSummary } from './summary.js';
import { fileSize, transferFileEntries } from './transfer-file.js';

/**
 * A database already there: refused (its rows would be doubled), or with `--replace` checked to be a
 * converter database, which the new one then takes the place of.
 */
function checkTarget(sqliteFile: string, replace: boolean): void {
  if (!existsSync(sqliteFile)) return;
  if (!replace) {
    throw new Error(
      `${sqliteFile} already exists: writing into it would add every row a second time. ` +
        'Choose a new file, or pass --replace to write a new database in its place',
    );
  }
  RnacosSqliteDb.open(sqliteFile, { create: false }).close();
}

/**
 * Transfer file -> a new r-nacos converter SQLite database, written beside the target and renamed into
 * place: a failure leaves no file, or the replaced one as it was.
 */
async function dataToSqlite(dataFile: string, sqliteFile: string, flags: { replace?: boolean }): Promise<void> {
  const startedAt = Date.now();
  const size = await fileSize(dataFile);
  checkTarget(sqliteFile, flags.replace ?? false);
  const temp = path.join(
    path.dirname(sqliteFile),
    `.${path.basename(sqliteFile)}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const db = RnacosSqliteDb.open(temp, { create: true });
  const progress = createProgress();
  const counts = { configs: 0, histories: 0, namespaces: 0, users: 0, ignored: 0 };
  let failed = true;
  try {
    // One transaction: a damaged file leaves the database as it was.
    db.db.exec('begin');
    const insert = db.inserter();
    progress.start(`converting ${dataFile}`, size);
    for await (const entry of transferFileEntries(dataFile)) {
      if (entry.kind === 'header') continue;
      const decoded = decodeRecord(entry.record);
      progress.update(entry.record.offset);
      if (decoded.table === 'T_CONFIG') {
        const rows = configToRows(decoded.config);
        insert.config(rows.config);
        for (const h of rows.histories) insert.history(h);
        counts.configs++;
        counts.histories += rows.histories.length;
      } else if (decoded.table === 'T_NAMESPACE') {
        insert.tenant(namespaceToRow(decoded.namespace));
        counts.namespaces++;
      } else if (decoded.table === 'T_USER') {
        insert.user(userToRow(decoded.user));
        counts.users++;
      } else counts.ignored++;
    }
    progress.update(size);
    db.db.exec('commit');
    failed = false;
  } finally {
    progress.stop();
    if (failed && db.db.inTransaction) db.db.exec('rollback');
    db.close();
    if (failed) await rm(temp, { force: true });
  }
  await rename(temp, sqliteFile);
  printSummary(
    `wrote ${sqliteFile}`,
    [
      ['configs', counts.configs],
      ['history rows', counts.histories],
      ['namespaces', counts.namespaces],
      ['users', counts.users],
    ],
    { ignored: counts.ignored, startedAt },
  );
}

export function dataToSqliteCommand(): Command {
  return new Command('data-to-sqlite')
    .description('transfer file -> new SQLite database in r-nacos converter layout')
    .argument('<data_file>', 'transfer file (.data) to read')
    .argument('<sqlite_db>', 'SQLite database to create')
    .option('--replace', 'replace an existing converter database (atomically) instead of refusing')
    .action(dataToSqlite);
}
