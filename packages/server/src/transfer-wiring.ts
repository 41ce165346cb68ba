import { TransferService, type LiveModels } from './core/transfer/transfer-service.js';
import type { Settings } from './settings.js';
import type { Clock } from './shared/clock.js';
import { VERSION } from './shared/version.js';
import type { SqliteDatabase } from './storage/sqlite/database.js';
import { SqliteTransferStore } from './storage/sqlite/sqlite-transfer-store.js';

/**
 * The transfer service over the SQLite store: used by the running server (with its read models refreshed
 * after an import) and by the offline `import`/`export` commands (without).
 */
export function createTransferService(
  db: SqliteDatabase,
  clock: Clock,
  settings: Pick<Settings, 'configMaxContent'>,
  live?: LiveModels,
): TransferService {
  return new TransferService({
    store: new SqliteTransferStore(db),
    clock,
    maxContentBytes: settings.configMaxContent,
    fromSys: `tsnacos_${VERSION}`,
    live,
  });
}
