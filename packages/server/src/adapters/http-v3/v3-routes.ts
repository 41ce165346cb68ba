import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.js';
import { resultErrorHandler } from '../http-common/nacos-result.js';
import { registerConfigAdminV3Routes } from './config-admin-v3-routes.js';
import { registerConfigBetaV3Routes } from './config-beta-v3-routes.js';
import { registerConfigClientV3Routes } from './config-client-v3-routes.js';
import { registerCoreAdminV3Routes, type CoreAdminV3Deps } from './core-admin-v3-routes.js';
import { registerHistoryAdminV3Routes } from './history-admin-v3-routes.js';
import { registerListenerAdminV3Routes } from './listener-admin-v3-routes.js';
import { registerInstanceAdminV3Routes } from './instance-admin-v3-routes.js';
import { registerNamespaceAdminV3Routes } from './namespace-admin-v3-routes.js';
import { registerNamingClientV3Routes } from './naming-client-v3-routes.js';
import { registerServiceAdminV3Routes } from './naming-admin-v3-routes.js';
import { registerNamingOpsV3Routes } from './naming-ops-v3-routes.js';
import { registerNamingClusterV3Routes } from './naming-cluster-v3-routes.js';
import { registerOpsAdminV3Routes } from './ops-admin-v3-routes.js';
import { registerClientAdminV3Routes } from './client-admin-v3-routes.js';
import { registerLoaderAdminV3Routes } from './loader-admin-v3-routes.js';
import { registerAuthAdminV3Routes } from './auth-admin-v3-routes.js';
import { registerAiMcpAdminV3Routes } from './ai-mcp-admin-v3-routes.js';
import { registerAiA2aAdminV3Routes } from './ai-a2a-admin-v3-routes.js';
import { registerConfigTransferV3Routes } from './config-transfer-v3-routes.js';
import { registerConfigImportV3Routes } from './config-import-v3-routes.js';
import { systemClock } from '../../shared/clock.js';
import { sdkAuditCaller } from '../http-common/sdk-caller.js';

export type V3Deps = Omit<CoreAdminV3Deps, 'cluster'>;

/**
 * nacos 3's HTTP API under `/nacos/v3` (client and admin routes; login stays with the v1 auth routes), in
 * its own scope so its errors answer nacos's `{code, message, data}` envelope. Auth is the SDK port's
 * (api-auth-hook.ts), on the namespace each route declares.
 */
export function registerV3Routes(app: FastifyInstance, core: Core, deps: V3Deps): void {
  const caller = sdkAuditCaller(core.auth);
  void app.register(async (scope) => {
    scope.setErrorHandler(resultErrorHandler);
    registerConfigClientV3Routes(scope, core.configs);
    registerNamingClientV3Routes(scope, core.naming);
    registerConfigAdminV3Routes(scope, core.configs, caller);
    registerConfigBetaV3Routes(scope, core.configs, caller);
    registerHistoryAdminV3Routes(scope, core.configs);
    registerListenerAdminV3Routes(scope, core.listenerQuery);
    registerConfigTransferV3Routes(scope, {
      configs: core.configs,
      namespaces: core.namespaces,
      clock: systemClock,
      caller,
    });
    registerConfigImportV3Routes(scope, { configs: core.configs, namespaces: core.namespaces, caller });
    registerServiceAdminV3Routes(scope, core.naming);
    registerInstanceAdminV3Routes(scope, core.naming);
    registerNamespaceAdminV3Routes(scope, core.namespaces, core.configs);
    registerNamingOpsV3Routes(scope, core.naming);
    registerNamingClusterV3Routes(scope, core.naming);
    registerOpsAdminV3Routes(scope);
    registerClientAdminV3Routes(scope, core.naming, core.connections);
    registerCoreAdminV3Routes(scope, { ...deps, cluster: core.cluster });
    registerAuthAdminV3Routes(scope, core.auth.users);
    registerAiMcpAdminV3Routes(scope, core.mcpRegistry);
    registerAiA2aAdminV3Routes(scope, core.agentRegistry);
    registerLoaderAdminV3Routes(scope, { connections: core.connections, cluster: core.cluster, version: deps.version });
  });
}
