import { SqliteAuditStore } from './sqlite-audit-store.js';
import type { Stores } from '../stores.js';
import { openDatabase } from './database.js';
import { Checkpointer } from './checkpointer.js';
import { openDatabaseExclusively } from './exclusive-database.js';
import { exitLoudly, groupCommitOf } from './group-commit.js';
import { connectionBackup } from './hot-backup.js';
import { SqliteConfigGrayStore } from './sqlite-config-gray-store.js';
import { SqliteConfigStore } from './sqlite-config-store.js';
import { SqliteMcpStore } from './sqlite-mcp-store.js';
import { SqliteRegistryDocumentStore } from './sqlite-registry-document-store.js';
import { REGISTRY_TABLES } from '../ai-registry-documents.js';
import { SqliteInstanceMetadataStore } from './sqlite-instance-metadata-store.js';
import { SqliteInstanceStore } from './sqlite-instance-store.js';
import { SqliteNamespaceStore } from './sqlite-namespace-store.js';
import { SqliteSessionStore } from './sqlite-session-store.js';
import { SqliteTransferStore } from './sqlite-transfer-store.js';
import { SqliteUserStore } from './sqlite-user-store.js';

/** Every store over one SQLite file in `dataDir`; `exclusive` for the offline tools (no server on it). */
export function openSqliteStores(dataDir: string, exclusive?: { mustExist: boolean }): Stores {
  const db = exclusive ? openDatabaseExclusively(dataDir, exclusive) : openDatabase(dataDir);
  const commits = groupCommitOf(db);
  // a server checkpoints in a worker thread; an offline tool holds the file alone (no second connection)
  // and lets SQLite checkpoint on its own connection
  let checkpointer: Checkpointer | undefined;
  if (!exclusive) {
    db.pragma('wal_autocheckpoint = 0');
    checkpointer = new Checkpointer(db.name, commits, exitLoudly);
  }
  return {
    configs: new SqliteConfigStore(db),
    configGrays: new SqliteConfigGrayStore(db),
    namespaces: new SqliteNamespaceStore(db),
    instances: new SqliteInstanceStore(db),
    instanceMetadata: new SqliteInstanceMetadataStore(db),
    users: new SqliteUserStore(db),
    sessions: new SqliteSessionStore(db),
    transfer: new SqliteTransferStore(db),
    backup: connectionBackup(db),
    audit: new SqliteAuditStore(db),
    mcp: new SqliteMcpStore(db),
    mcpRegistry: new SqliteRegistryDocumentStore(db, REGISTRY_TABLES.mcp),
    agentRegistry: new SqliteRegistryDocumentStore(db, REGISTRY_TABLES.agent),
    location: dataDir,
    close: async () => {
      // pending writes are committed, synced and answered before the store closes
      await commits.whenIdle();
      await checkpointer?.stop();
      await commits.close();
      db.close();
    },
  };
}
