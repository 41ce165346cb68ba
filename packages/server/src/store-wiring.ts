import type { Settings } from './settings.js';
import type { Logger } from './shared/logger.js';
import type { Stores } from './storage/stores.js';

export type { Stores } from './storage/stores.js';

/** PostgreSQL when `RNACOS_DB_URL` is set, else the embedded SQLite file in the data dir. */
export async function openStores(
  settings: Pick<Settings, 'dataDir' | 'dbUrl' | 'nodeId'> & Partial<Pick<Settings, 'dbPoolSize' | 'dbTimeoutMs'>>,
  options: { exclusive?: { mustExist: boolean }; logger?: Logger } = {},
): Promise<Stores> {
  // each backend is loaded only when chosen: a single node never loads the PostgreSQL driver
  if (settings.dbUrl) {
    const { openPostgresStores } = await import('./storage/postgres/pg-stores.js');
    return openPostgresStores(
      settings.dbUrl,
      settings.nodeId,
      options.logger,
      settings.dbPoolSize,
      settings.dbTimeoutMs,
    );
  }
  const { openSqliteStores } = await import('./storage/sqlite/sqlite-stores.js');
  return openSqliteStores(settings.dataDir, options.exclusive);
}
