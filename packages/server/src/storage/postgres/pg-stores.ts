import { PgAuditStore } from './pg-audit-store.js';
import type { Logger } from '../../shared/logger.js';
import type { Stores } from '../stores.js';
import { PgChangeFeed } from './pg-change-feed.js';
import { PgClusterStore } from './pg-cluster-store.js';
import { PgConfigGrayStore } from './pg-config-gray-store.js';
import { PgConfigStore } from './pg-config-store.js';
import { maskUrl } from '../../shared/mask-url.js';
import { openPostgres } from './pg-database.js';
import { PgInstanceMetadataStore } from './pg-instance-metadata-store.js';
import { PgInstanceStore } from './pg-instance-store.js';
import { PgMcpStore } from './pg-mcp-store.js';
import { PgRegistryDocumentStore } from './pg-registry-document-store.js';
import { REGISTRY_TABLES } from '../ai-registry-documents.js';
import { PgNamespaceStore } from './pg-namespace-store.js';
import { PgSessionStore } from './pg-session-store.js';
import { PgTransferStore } from './pg-transfer-store.js';
import { PgUserStore } from './pg-user-store.js';

/** Every store over one PostgreSQL database shared by the nodes of a cluster. */
export async function openPostgresStores(
  url: string,
  nodeId: number,
  logger?: Logger,
  poolSize?: number,
  timeoutMs?: number,
): Promise<Stores> {
  const db = await openPostgres(url, { nodeId, logger, poolSize, timeoutMs });
  let feed: PgChangeFeed | null = null;
  return {
    configs: new PgConfigStore(db),
    configGrays: new PgConfigGrayStore(db),
    namespaces: new PgNamespaceStore(db),
    instances: new PgInstanceStore(db),
    instanceMetadata: new PgInstanceMetadataStore(db),
    users: new PgUserStore(db),
    sessions: new PgSessionStore(db),
    transfer: new PgTransferStore(db),
    audit: new PgAuditStore(db),
    mcp: new PgMcpStore(db),
    mcpRegistry: new PgRegistryDocumentStore(db, REGISTRY_TABLES.mcp, (id) => ({ kind: 'ai-mcp', id })),
    agentRegistry: new PgRegistryDocumentStore(db, REGISTRY_TABLES.agent, (id) => ({ kind: 'ai-a2a', id })),
    cluster: {
      store: new PgClusterStore(db),
      startFeed: async () => (feed = await PgChangeFeed.start(db)),
      databaseUp: () => !db.health.outage,
    },
    location: maskUrl(url),
    close: async () => {
      await feed?.close();
      await db.close();
    },
  };
}
