import { isUnavailable } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { SessionService } from '../auth/session-service.js';
import type { UserService } from '../auth/user-service.js';
import type { ConfigService } from '../config/config-service.js';
import type { McpRegistry } from '../ai/mcp-registry.js';
import type { AgentRegistry } from '../ai/agent-registry.js';
import type { McpService } from '../mcp/mcp-service.js';
import type { NamespaceService } from '../namespace/namespace-service.js';
import type { NamingService } from '../naming/naming-service.js';
import type { EphemeralReplicator } from './ephemeral-replicator.js';
import type { ChangeFeed, StoreChange } from './store-change.js';

export interface ClusterModels {
  configs: ConfigService;
  namespaces: NamespaceService;
  naming: NamingService;
  users: UserService;
  sessions: SessionService;
  mcp: McpService;
  /** The nacos 3 AI registry's MCP servers. */
  mcpRegistry: McpRegistry;
  agentRegistry: AgentRegistry;
  replicator: EphemeralReplicator;
}

/**
 * Brings what other nodes wrote into this node's memory, one change at a time in the order the store
 * committed them. The in-memory models then wake their own listeners (long-polls, gRPC pushes, UDP).
 */
export function applyStoreChanges(
  feed: ChangeFeed,
  models: ClusterModels,
  logger: Logger,
  options: { resyncFirst?: boolean } = {},
): void {
  let queue: Promise<void> = Promise.resolve();
  let retry: ReturnType<typeof setTimeout> | null = null;
  const enqueue = (what: string, step: () => Promise<void>) => {
    queue = queue.then(step).catch((err: unknown) => {
      if (!isUnavailable(err)) return logger.warn({ err, change: what }, 'applying a cluster change');
      // the database out of reach (the store has logged it once): a change not applied would leave memory
      // behind for good, so everything is read again a little later
      retry ??= setTimeout(() => {
        retry = null;
        resync();
      }, RESYNC_RETRY_MS);
      retry.unref?.();
    });
  };
  const resync = () => enqueue('resync', () => reloadAll(models));
  feed.onChange((change) => enqueue(change.kind, () => apply(change, models)));
  feed.onResync(resync);
  if (options.resyncFirst) resync();
}

const RESYNC_RETRY_MS = 1000;

async function apply(change: StoreChange, m: ClusterModels): Promise<void> {
  switch (change.kind) {
    case 'config':
      return m.configs.refresh(change.key);
    case 'namespaces':
      return m.namespaces.reload();
    case 'users':
      return m.users.reload();
    case 'sessions':
      return m.sessions.applyRemote(change.added, change.removed);
    case 'service':
      // a change naming one instance re-reads that row only
      return change.instance
        ? m.naming.cluster.refreshStoredInstance(change.key, change.instance)
        : m.naming.cluster.refreshStored(change.key);
    case 'ephemeral':
      return m.replicator.remoteChanged(change.key, change.nodeId);
    case 'beats':
      return m.replicator.beatsRelayed(change.nodeId, change.instances);
    case 'node-gone':
      return m.replicator.nodeGone(change.nodeId);
    case 'mcp-spec':
      return m.mcp.refreshSpec(change);
    case 'mcp-server':
      return m.mcp.refreshServer(change.id);
    case 'ai-mcp':
      return m.mcpRegistry.refresh(change.id);
    case 'ai-a2a':
      return m.agentRegistry.refresh(change.id);
    case 'all':
      return reloadAll(m);
  }
}

/** Changes may have been missed: every model re-reads the store. */
async function reloadAll(m: ClusterModels): Promise<void> {
  await m.configs.reload();
  await m.namespaces.reload();
  await m.users.reload();
  await m.sessions.reload();
  await m.mcp.reload();
  await m.mcpRegistry.reload();
  await m.agentRegistry.reload();
  await m.naming.cluster.reloadStored();
  await m.replicator.resync();
}
