import type { McpEndpoint } from '../mcp/mcp-endpoint.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { httpLogger, lazyChildLogger } from '../http-common/http-logger.js';
import type { Logger } from '../../shared/logger.js';
import type { Core } from '../../core/core.js';
import { ignoreOtherBodies, registerFormBody } from '../http-common/form-body.js';
import { registerTextErrors } from '../http-common/text-errors.js';
import { parseUtf8Query } from '../http-common/utf8-params.js';
import type { RequestPipeline } from '../http-common/request-pipeline.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerSdkAudit } from './sdk-audit.js';
import { sdkAuditCaller } from '../http-common/sdk-caller.js';
import { registerBackupRoutes } from './backup-routes.js';
import { registerConfigRoutes } from './config-routes.js';
import { registerCoreRoutes } from './core-routes.js';
import { registerHealthRoutes } from './health-routes.js';
import { registerListenerQueryRoutes } from './listener-query-routes.js';
import { registerListenerRoutes, type LongPollTiming } from './listener-routes.js';
import { registerMcpListRoutes } from './mcp-list-routes.js';
import { registerMetricsRoutes } from './metrics-routes.js';
import type { LongPollRegistry } from './long-poll.js';
import { registerNamespaceRoutes } from './namespace-routes.js';
import { registerInstanceRoutes } from './instance-routes.js';
import { registerServiceRoutes } from './service-routes.js';
import type { PeerAuth } from '../cluster-peers/peer-auth.js';
import { registerPeerListenerRoutes } from '../cluster-peers/peer-listener-routes.js';
import { registerClusterRoutes } from './cluster-routes.js';
import { sdkBodyLimit } from './sdk-body-limit.js';
import { registerV2Routes } from '../http-v2/v2-routes.js';
import { registerV3Routes } from '../http-v3/v3-routes.js';
import { registerMcpRegistryV0Routes } from '../http-v3/mcp-registry-v0-routes.js';

export interface SdkHttpDeps {
  core: Core;
  logger: Logger;
  longPolls: LongPollRegistry;
  longPollTiming: LongPollTiming;
  isReady: () => boolean;
  /** Whether 1.x naming clients polling with `udpPort` receive UDP pushes. */
  udpPush: boolean;
  /** What `/nacos/v1/console/server/state` tells about this server. */
  server: { version: string; consoleEnabled: boolean };
  /** Opens `GET /rnacos/backup` (RNACOS_BACKUP_TOKEN); unset: it answers that it is not open. */
  backupToken?: string;
  /** Mounts the console pages on this port (the no-login console, or a page pointing to the console port). */
  mountConsole?: (app: FastifyInstance) => void;
  /** On a cluster node: checks the other nodes' calls (their listener queries). */
  peerAuth?: PeerAuth;
  /** The MCP endpoints (`/rnacos/mcp/...`), loaded on the first MCP request. */
  mcpEndpoint?: () => Promise<McpEndpoint>;
}

/**
 * The routes of the SDK port (8848): the nacos OpenAPI v1 and v2 under `/nacos`. See endpoints.md beside this file
 * for which SDK call reaches which route. `pipeline` holds the stages the fast paths run too.
 */
export function createSdkHttpApp(deps: SdkHttpDeps, pipeline: RequestPipeline): FastifyInstance {
  const { core } = deps;
  const bodyLimit = sdkBodyLimit(core);
  const app = Fastify({
    loggerInstance: httpLogger(deps.logger, 'sdk-http'),
    childLoggerFactory: lazyChildLogger,
    bodyLimit,
    trustProxy: false,
    routerOptions: { querystringParser: parseUtf8Query },
  });
  registerFormBody(app, bodyLimit);
  ignoreOtherBodies(app, bodyLimit);
  registerTextErrors(app);
  pipeline.install(app);
  registerSdkAudit(app, core.audit, sdkAuditCaller(core.auth), core.apiAccess.enabled);
  registerMetricsRoutes(app, core.metrics);
  registerHealthRoutes(app, deps.isReady);
  registerAuthRoutes(app, core.auth, core.apiAccess.enabled);
  registerConfigRoutes(app, core.configs, sdkAuditCaller(core.auth));
  registerListenerRoutes(app, core.configs, deps.longPolls, deps.longPollTiming);
  registerListenerQueryRoutes(app, core.listenerQuery);
  if (deps.peerAuth) registerPeerListenerRoutes(app, core.listenerQuery, deps.peerAuth);
  registerNamespaceRoutes(app, core.namespaces, core.configs);
  registerInstanceRoutes(app, core.naming, { udpPush: deps.udpPush });
  registerServiceRoutes(app, core.naming);
  registerClusterRoutes(app, core.naming);
  registerCoreRoutes(app, {
    cluster: core.cluster,
    connections: core.connections,
    version: deps.server.version,
    authEnabled: core.apiAccess.enabled,
    consoleEnabled: deps.server.consoleEnabled,
  });
  registerV2Routes(app, core, deps.server.version);
  registerBackupRoutes(app, core, deps.backupToken);
  registerMcpListRoutes(app, core.mcp);
  registerMcpRegistryV0Routes(app, core.mcpRegistry);
  registerV3Routes(app, core, {
    version: deps.server.version,
    authEnabled: core.apiAccess.enabled,
    consoleEnabled: deps.server.consoleEnabled,
    isReady: deps.isReady,
  });
  deps.mountConsole?.(app);
  return app;
}
