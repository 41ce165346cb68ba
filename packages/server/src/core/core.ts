import type { AuditLog } from './audit/audit-log.js';
import type { BackupStore } from './backup/backup-store.js';
import type { ApiAccessGuard } from './auth/api-access.js';
import type { AuthService } from './auth/auth-service.js';
import type { OAuth2Login } from './auth/oauth2-login.js';
import type { ClusterMembers } from './cluster/cluster-members.js';
import type { ConfigService } from './config/config-service.js';
import type { ConfigListenerQuery } from './config/listener-query.js';
import type { McpService } from './mcp/mcp-service.js';
import type { McpRegistry } from './ai/mcp-registry.js';
import type { AgentRegistry } from './ai/agent-registry.js';
import type { ToolCalls } from './mcp/lazy-tool-calls.js';
import type { MetricsService } from './metrics/metrics-service.js';
import type { ClientConnectionRegistry } from './connection/client-connection-registry.js';
import type { NamespaceService } from './namespace/namespace-service.js';
import type { NamingService } from './naming/naming-service.js';
import type { TransferOperations } from './transfer/transfer-service.js';

/** The domain services every adapter reaches; built once in app.ts. */
export interface Core {
  configs: ConfigService;
  /** Which clients listen to which configs, and whether they hold the current md5 (each door adds its own). */
  listenerQuery: ConfigListenerQuery;
  namespaces: NamespaceService;
  /** The service registry: instances, services, subscribers, "service changed" events. */
  naming: NamingService;
  /** Guards the SDK doors (HTTP v1, gRPC); open unless OpenAPI auth is enabled. */
  apiAccess: ApiAccessGuard;
  /** Console users, logins and sessions. */
  auth: AuthService;
  /** Console login through an OAuth2 / OpenID Connect provider; undefined when not enabled. */
  oauth2: OAuth2Login | undefined;
  /** Request latencies (`recordRequest`), gauges and the monitoring timeline. */
  metrics: MetricsService;
  /** Whole-store export and import in the r-nacos transfer format. */
  transfer: TransferOperations;
  /** Live gRPC client connections (id, client, namespace, labels, activity), for reading. */
  connections: ClientConnectionRegistry;
  /** A consistent copy of the running store; null in a cluster (PostgreSQL has its own tools). */
  backup: BackupStore | null;
  /** Tool specs and MCP servers (the MCP service). */
  mcp: McpService;
  /** MCP servers registered by clients and admins: the nacos 3 AI registry. */
  mcpRegistry: McpRegistry;
  /** The nacos 3.1 AI registry's agents (A2A). */
  agentRegistry: AgentRegistry;
  /** Makes MCP tool calls (the MCP endpoints and the console's "try a tool"), under the outbound policy. */
  mcpTools: ToolCalls;
  /** Who wrote what and who logged in, through which door (console: admins only). */
  audit: AuditLog;
  /** The nodes of the cluster (just this one on the embedded store). */
  cluster: ClusterMembers;
}
