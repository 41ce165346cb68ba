import os from 'node:os';
import path from 'node:path';
import type { SettingDef, SettingReader, SettingSource } from './settings-reader.js';

/** r-nacos's rule: a shorter backup token leaves the endpoint closed (here: the start is refused). */
export const MIN_BACKUP_TOKEN = 32;

/** Where data lives, how large a config may be, and the backup endpoint. */
export interface StorageSettings {
  dataDir: string;
  configMaxContent: number;
  /** Opens r-nacos's `GET /rnacos/backup?token=` on the SDK port; unset: the endpoint answers "not open". */
  backupToken: string | undefined;
}

export const STORAGE_SETTING_DEFS: SettingDef[] = [
  {
    env: 'RNACOS_DATA_DIR',
    aliases: ['RNACOS_CONFIG_DB_DIR'],
    describe: 'data directory (holds the SQLite store)',
    defaultText: '$XDG_DATA_HOME/tsnacos/nacos_db (~/.local/share/tsnacos/nacos_db)',
  },
  {
    env: 'RNACOS_RUN_IN_DOCKER',
    describe:
      'with RNACOS_DATA_DIR unset, keep the data in nacos_db under the working directory (as r-nacos in a container)',
    defaultText: 'false',
  },
  { env: 'RNACOS_CONFIG_MAX_CONTENT', describe: 'largest config content in bytes', defaultText: '10485760' },
  {
    env: 'RNACOS_BACKUP_TOKEN',
    describe: `token of GET /rnacos/backup (an export file), at least ${MIN_BACKUP_TOKEN} characters`,
    defaultText: 'unset (endpoint closed)',
  },
];

export function loadStorageSettings(read: SettingReader): StorageSettings {
  const backupToken = read.get('RNACOS_BACKUP_TOKEN');
  if (backupToken !== undefined && backupToken.length < MIN_BACKUP_TOKEN) {
    read.fail(
      `RNACOS_BACKUP_TOKEN must have at least ${MIN_BACKUP_TOKEN} characters (it has ${backupToken.length}): a short token can be guessed`,
    );
  }
  return {
    dataDir: path.resolve(
      read.get('RNACOS_DATA_DIR') ??
        (read.bool('RNACOS_RUN_IN_DOCKER', false) ? 'nacos_db' : defaultDataDir(read.source)),
    ),
    configMaxContent: read.whole('RNACOS_CONFIG_MAX_CONTENT', 10 * 1024 * 1024, 1, 1024 ** 3),
    backupToken,
  };
}

function defaultDataDir(source: SettingSource): string {
  const base = source.XDG_DATA_HOME?.trim() || path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'tsnacos', 'nacos_db');
}
