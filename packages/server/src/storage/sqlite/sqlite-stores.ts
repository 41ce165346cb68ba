import type { Stores } from '../stores.js';
import { openDatabase } from './database.js';
import { openDatabaseExclusively } from './exclusive-database.js';
import { SqliteConfigStore } from './sqlite-config-store.js';
import { SqliteMcpStore } from './sqlite-mcp-store.js';
import { SqliteInstanceStore } from './sqlite-instance-store.js';
import { SqliteNamespaceStore } from './sqlite-namespace-store.js';
import { SqliteSessionStore } from './sqlite-session-store.js';
import { SqliteTransferStore } from './sqlite-transfer-store.js';
import { SqliteUserStore } from './sqlite-user-store.js';

/** Every store over one SQLite file in `dataDir`; `exclusive` for the offline tools (no server on it). */
export function openSqliteStores(dataDir: string, exclusive?: { mustExist: boolean }): Stores {
  const db = exclusive ? openDatabaseExclusively(dataDir, exclusive) : openDatabase(dataDir);
  return {
    configs: new SqliteConfigStore(db),
    namespaces: new SqliteNamespaceStore(db),
    instances: new SqliteInstanceStore(db),
    users: new SqliteUserStore(db),
    sessions: new SqliteSessionStore(db),
    transfer: new SqliteTransferStore(db),
    mcp: new SqliteMcpStore(db),
    location: dataDir,
    close: async () => {
      db.close();
    },
  };
}
