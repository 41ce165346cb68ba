import { Command } from 'commander';
import { encodeTransfer } from '../core/transfer/transfer-codec.js';
import { CONVERTER_TABLE_IDS } from '../core/transfer/transfer-format.js';
import { emptyContent } from '../core/transfer/transfer-model.js';
import { VERSION } from '../shared/version.js';
import { RnacosSqliteDb } from '../storage/rnacos-sqlite/rnacos-sqlite-db.js';
import { configFromRows, namespaceFromRow, userFromRow } from '../storage/rnacos-sqlite/rnacos-sqlite-rows.js';
import { writeFileAtomically } from './atomic-file.js';
import { createProgress } from './progress.js';
import { printSummary } from './summary.js';

/** r-nacos converter SQLite database -> transfer file. */
async function sqliteToData(sqliteFile: string, dataFile: string): Promise<void> {
  const startedAt = Date.now();
  const now = Date.now();
  const db = RnacosSqliteDb.open(sqliteFile, { create: false });
  const progress = createProgress();
  const content = emptyContent();
  const skipped: string[] = [];
  try {
    progress.start(`reading ${sqliteFile}`, db.count('tb_config'));
    let done = 0;
    for (const row of db.configs()) {
      progress.update(++done);
      if (!row.data_id) {
        skipped.push(`config row without data_id (group ${row.group_id ?? ''}, tenant ${row.tenant_id ?? ''})`);
        continue;
      }
      content.configs.push(configFromRows(row, db.histories(row), now));
    }
    progress.stop();
    content.namespaces = db
      .tenants()
      .filter((t) => t.tenant_id)
      .map(namespaceFromRow);
    content.users = db
      .users()
      .filter((u) => u.username)
      .map(userFromRow);
  } finally {
    progress.stop();
    db.close();
  }
  await writeFileAtomically(
    dataFile,
    encodeTransfer(content, { modifyTime: now, fromSys: `tsnacos_${VERSION}`, tableIds: CONVERTER_TABLE_IDS }),
  );
  printSummary(
    `wrote ${dataFile}`,
    [
      ['configs', content.configs.length],
      ['history items', content.configs.reduce((n, c) => n + c.histories.length, 0)],
      ['namespaces', content.namespaces.length],
      ['users', content.users.length],
    ],
    { skipped: skipped.length, startedAt, notes: skipped.map((s) => `skipped: ${s}`) },
  );
}

export function sqliteToDataCommand(): Command {
  return new Command('sqlite-to-data')
    .description('SQLite database in r-nacos converter layout -> transfer file')
    .argument('<sqlite_db>', 'SQLite database to read')
    .argument('<data_file>', 'transfer file (.data) to write (replaced atomically)')
    .action(sqliteToData);
}
