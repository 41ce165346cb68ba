import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Command } from 'commander';
import { decodeRecord } from '../core/transfer/transfer-codec.js';
import { RnacosSqliteDb } from '../storage/rnacos-sqlite/rnacos-sqlite-db.js';
import { configToRows, namespaceToRow, userToRow } from '../storage/rnacos-sqlite/rnacos-sqlite-rows.js';
import { createProgress } from './progress.js';
import { printSummary } from './summary.js';
import { fileSize, transferFileEntries } from './transfer-file.js';

/** Transfer file -> r-nacos converter SQLite database (created if missing, rows appended). */
async function dataToSqlite(dataFile: string, sqliteFile: string): Promise<void> {
  const startedAt = Date.now();
  const size = await fileSize(dataFile);
  const existed = existsSync(sqliteFile);
  const db = RnacosSqliteDb.open(sqliteFile, { create: true });
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
    if (failed && !existed) await rm(sqliteFile, { force: true });
  }
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
    .description('transfer file -> SQLite database in r-nacos converter layout (rows appended)')
    .argument('<data_file>', 'transfer file (.data) to read')
    .argument('<sqlite_db>', 'SQLite database to write')
    .action(dataToSqlite);
}
