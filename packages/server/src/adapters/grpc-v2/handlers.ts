import type { Core } from '../../core/core.js';
import type { Logger } from '../../shared/logger.js';
import type { ConfigFuzzyWatch } from './config-fuzzy-watch.js';
import type { ConfigListeners } from './config-listeners.js';
import type { GrpcConnections } from './connections.js';
import type { GrpcHandler } from './grpc-handler.js';
import type { NamingFuzzyWatch } from './naming-fuzzy-watch.js';
import type { NamingPushes } from './naming-pushes.js';
import { configBatchListenHandler } from './handlers/config-batch-listen.js';
import { configFuzzyWatchHandler } from './handlers/config-fuzzy-watch.js';
import { configPublishHandler } from './handlers/config-publish.js';
import { configQueryHandler } from './handlers/config-query.js';
import { configRemoveHandler } from './handlers/config-remove.js';
import { batchInstanceHandler } from './handlers/batch-instance.js';
import { mcpServerEndpointHandler, queryMcpServerHandler, releaseMcpServerHandler } from './handlers/ai-mcp.js';
import { agentCardQueryHandler } from './handlers/agent-card-query.js';
import { agentCardReleaseHandler } from './handlers/agent-card-release.js';
import { agentEndpointHandler } from './handlers/agent-endpoint.js';
import { healthCheckHandler } from './handlers/health-check.js';
import { instanceHandler } from './handlers/instance.js';
import { namingFuzzyWatchHandler } from './handlers/naming-fuzzy-watch.js';
import { persistentInstanceHandler } from './handlers/persistent-instance.js';
import { serverCheckHandler } from './handlers/server-check.js';
import { serviceListHandler } from './handlers/service-list.js';
import { serviceQueryHandler } from './handlers/service-query.js';
import { subscribeServiceHandler } from './handlers/subscribe-service.js';

export interface HandlerDeps {
  core: Core;
  connections: GrpcConnections;
  configListeners: ConfigListeners;
  namingPushes: NamingPushes;
  configFuzzyWatch: ConfigFuzzyWatch;
  namingFuzzyWatch: NamingFuzzyWatch;
  /** Set with RNACOS_ENABLE_GRPC_DETECTION_LOG: where each ServerCheckRequest is logged. */
  detectionLog?: Logger;
}

/**
 * Every unary request type the server answers, by `metadata.type`. Anything else gets `ErrorResponse` 302.
 * (`ConnectionSetupRequest` and the acks of pushes arrive on the stream; see grpc-server.ts.)
 */
export function createHandlers(deps: HandlerDeps): ReadonlyMap<string, GrpcHandler> {
  const { core, connections, configListeners, namingPushes, configFuzzyWatch, namingFuzzyWatch } = deps;
  const labelsOf = (id: string) => connections.registry.get(id)?.labels;
  return new Map<string, GrpcHandler>([
    ['ServerCheckRequest', serverCheckHandler(connections, deps.detectionLog)],
    ['HealthCheckRequest', healthCheckHandler()],
    ['ConfigQueryRequest', configQueryHandler(core.configs, labelsOf)],
    ['ConfigPublishRequest', configPublishHandler(core.configs, core.auth, core.audit)],
    ['ConfigRemoveRequest', configRemoveHandler(core.configs, core.auth, core.audit)],
    ['ConfigBatchListenRequest', configBatchListenHandler(core.configs, configListeners, labelsOf)],
    ['InstanceRequest', instanceHandler(core.naming)],
    ['BatchInstanceRequest', batchInstanceHandler(core.naming)],
    ['PersistentInstanceRequest', persistentInstanceHandler(core.naming)],
    ['ServiceQueryRequest', serviceQueryHandler(core.naming)],
    ['SubscribeServiceRequest', subscribeServiceHandler(core.naming, core.connections, namingPushes)],
    ['ServiceListRequest', serviceListHandler(core.naming)],
    ['ConfigFuzzyWatchRequest', configFuzzyWatchHandler(configFuzzyWatch, connections)],
    ['NamingFuzzyWatchRequest', namingFuzzyWatchHandler(namingFuzzyWatch, connections)],
    ['QueryMcpServerRequest', queryMcpServerHandler(core.mcpRegistry)],
    ['ReleaseMcpServerRequest', releaseMcpServerHandler(core.mcpRegistry)],
    ['McpServerEndpointRequest', mcpServerEndpointHandler(core.mcpRegistry, core.naming)],
    ['QueryAgentCardRequest', agentCardQueryHandler(core.agentRegistry)],
    ['ReleaseAgentCardRequest', agentCardReleaseHandler(core.agentRegistry)],
    ['AgentEndpointRequest', agentEndpointHandler(core.agentRegistry)],
  ]);
}
