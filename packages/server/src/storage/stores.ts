import type { AuditStore } from '../core/audit/audit-store.js';
import type { SessionStore } from '../core/auth/session-store.js';
import type { UserStore } from '../core/auth/user-store.js';
import type { BackupStore } from '../core/backup/backup-store.js';
import type { ClusterStore } from '../core/cluster/cluster-store.js';
import type { ChangeFeed } from '../core/cluster/store-change.js';
import type { ConfigGrayStore } from '../core/config/config-gray-store.js';
import type { ConfigStore } from '../core/config/config-store.js';
import type { NamespaceStore } from '../core/namespace/namespace-store.js';
import type { McpStore } from '../core/mcp/mcp-store.js';
import type { McpRegistryStore } from '../core/ai/mcp-registry.js';
import type { AgentRegistryStore } from '../core/ai/agent-registry.js';
import type { InstanceMetadataStore } from '../core/naming/instance-metadata-store.js';
import type { InstanceStore } from '../core/naming/instance-store.js';
import type { TransferStore } from '../core/transfer/transfer-store.js';

/** The durable part of the server, whichever backend holds it. */
export interface Stores {
  configs: ConfigStore;
  /** Gray (beta, tag) versions of configs. */
  configGrays: ConfigGrayStore;
  namespaces: NamespaceStore;
  instances: InstanceStore;
  /** Metadata edited on ephemeral instances, for their next registrations. */
  instanceMetadata: InstanceMetadataStore;
  users: UserStore;
  sessions: SessionStore;
  transfer: TransferStore;
  /** The audit trail of writes and logins. */
  audit: AuditStore;
  /** Tool specs and MCP servers. */
  mcp: McpStore;
  /** The nacos 3 AI registry's MCP servers. */
  mcpRegistry: McpRegistryStore;
  /** The nacos 3.1 AI registry's agents (A2A). */
  agentRegistry: AgentRegistryStore;
  /** Set when the store is shared by the nodes of a cluster (PostgreSQL). */
  cluster?: {
    store: ClusterStore;
    startFeed(): Promise<ChangeFeed>;
    /** Whether the database answers and its change feed is heard (false during an outage). */
    databaseUp(): boolean;
  };
  /** Hot backup of the whole store; absent on PostgreSQL (back that up with its own tools). */
  backup?: BackupStore;
  /** Where the data is, for the start-up banner (password masked). */
  location: string;
  close(): Promise<void>;
}
