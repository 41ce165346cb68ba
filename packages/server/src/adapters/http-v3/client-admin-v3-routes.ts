import type { FastifyInstance } from 'fastify';
import type { ClientConnectionRegistry } from '../../core/connection/client-connection-registry.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { fail, RESULT_CODE } from '../http-common/nacos-result.js';
import { registerClientRoutes } from '../http-v2/client-v2-routes.js';
import { NAMING_V3_NAMESPACE, required } from './v3-params.js';

/**
 * `/nacos/v3/admin/ns/client/**`: the v2 client views (list, detail, what a client registered and
 * subscribed, who registered or subscribed a service) with nacos 3's parameters and refusals.
 */
export function registerClientAdminV3Routes(
  app: FastifyInstance,
  naming: NamingService,
  connections: ClientConnectionRegistry,
): void {
  registerClientRoutes(app, naming, connections, {
    path: '/nacos/v3/admin/ns/client',
    serviceNamespace: NAMING_V3_NAMESPACE,
    required,
    unknownClient: (message) => fail('not_found', RESULT_CODE.RESOURCE_NOT_FOUND, message),
  });
}
