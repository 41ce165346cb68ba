import { Command } from 'commander';
import { isDefaultNamespace } from '../core/namespace/namespace-service.js';
import { encodeConfigRecord, encodeNamespaceRecord, encodeUserRecord } from '../core/transfer/transfer-codec.js';
import { CONVERTER_TABLE_IDS } from '../core/transfer/transfer-format.js';
import { encodeFileStart } from '../core/transfer/transfer-writer.js';
import { VERSION } from '../shared/version.js';
import { describeMysqlError, isMysqlError } from '../storage/nacos-mysql/mysql-connection.js';
import { NacosMysqlSource } from '../storage/nacos-mysql/nacos-mysql-source.js';
import { configFromNacos, namespaceFromNacos, userFromNacos } from '../storage/nacos-mysql/nacos-mysql-rows.js';
import { writeFileAtomically } from './atomic-file.js';
import { createProgress } from './progress.js';
import { printSummary } from './summary.js';

/** nacos MySQL database -> transfer file: configs with their history, namespaces, users with roles. */
async function mysqlToData(uri: string, dataFile: string): Promise<void> {
  const startedAt = Date.now();
  const source = await NacosMysqlSource.connect(uri);
  const progress = createProgress();
  const counts = { configs: 0, histories: 0, namespaces: 0, users: 0, admins: 0 };
  async function* file(): AsyncGenerator<Uint8Array> {
    yield encodeFileStart({ modifyTime: startedAt, fromSys: `tsnacos_${VERSION}`, tableIds: CONVERTER_TABLE_IDS });
    progress.start('reading configs', await source.countConfigs());
    for await (const row of source.configs()) {
      const config = configFromNacos(row, await source.history(row));
      yield encodeConfigRecord(config);
      counts.configs++;
      counts.histories += config.histories.length;
      progress.update(counts.configs);
    }
    progress.stop();
    for (const tenant of await source.tenants()) {
      if (isDefaultNamespace(tenant.tenantId)) continue;
      yield encodeNamespaceRecord(namespaceFromNacos(tenant));
      counts.namespaces++;
    }
    const roles = await source.roles();
    for (const user of await source.users()) {
      const record = userFromNacos(user, roles.get(user.username) ?? [], Math.floor(startedAt / 1000));
      yield encodeUserRecord(record);
      counts.users++;
      if (record.roles.includes('0')) counts.admins++;
    }
  }
  try {
    await writeFileAtomically(dataFile, file());
  } catch (err) {
    throw isMysqlError(err) ? new Error(describeMysqlError(err, source.target, source.database)) : err;
  } finally {
    progress.stop();
    await source.close();
  }
  printSummary(
    `wrote ${dataFile}`,
    [
      ['configs', counts.configs],
      ['history items', counts.histories],
      ['namespaces', counts.namespaces],
      [`users (${counts.admins} admin)`, counts.users],
    ],
    { startedAt },
  );
}

export function mysqlToDataCommand(): Command {
  return new Command('mysql-to-data')
    .description('nacos MySQL database -> transfer file (configs with history, namespaces, users and roles)')
    .argument('<mysql_uri>', 'e.g. mysql://user:password@127.0.0.1:3306/nacos')
    .argument('<data_file>', 'transfer file (.data) to write (replaced atomically)')
    .action(mysqlToData);
}
