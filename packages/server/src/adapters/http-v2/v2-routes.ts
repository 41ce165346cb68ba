import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.js';
import { registerCatalogV2Routes } from './catalog-v2-routes.js';
import { registerClientV2Routes } from './client-v2-routes.js';
import { registerClusterV2Routes } from './cluster-v2-routes.js';
import { registerConfigV2Routes } from './config-v2-routes.js';
import { registerHistoryV2Routes } from './history-v2-routes.js';
import { registerInstanceMetadataV2Routes } from './instance-metadata-v2-routes.js';
import { registerInstanceStatusesV2Routes } from './instance-statuses-v2-routes.js';
import { registerInstanceV2Routes } from './instance-v2-routes.js';
import { registerNamespaceV2Routes } from './namespace-v2-routes.js';
import { registerOperatorV2Routes } from './operator-v2-routes.js';
import { registerServiceV2Routes } from './service-v2-routes.js';
import { v2ErrorHandler } from './v2-result.js';
import { sdkAuditCaller } from '../http-common/sdk-caller.js';

/**
 * The nacos OpenAPI v2 on the SDK port, in a context of its own so that every error (a refused parameter,
 * a namespace named twice) is answered in the v2 envelope. The hooks of the SDK app (OpenAPI auth, metrics)
 * run for these routes as for the v1 ones.
 */
export function registerV2Routes(app: FastifyInstance, core: Core, version: string): void {
  const caller = sdkAuditCaller(core.auth);
  void app.register(async (v2) => {
    v2.setErrorHandler(v2ErrorHandler);
    registerConfigV2Routes(v2, core.configs, caller);
    registerHistoryV2Routes(v2, core.configs);
    registerInstanceV2Routes(v2, core.naming);
    registerInstanceStatusesV2Routes(v2, core.naming);
    registerInstanceMetadataV2Routes(v2, core.naming);
    registerServiceV2Routes(v2, core.naming);
    registerCatalogV2Routes(v2, core.naming);
    registerOperatorV2Routes(v2, core.naming);
    registerClientV2Routes(v2, core.naming, core.connections);
    registerNamespaceV2Routes(v2, core.namespaces, core.configs);
    registerClusterV2Routes(v2, core.cluster, version);
  });
}
