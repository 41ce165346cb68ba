import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConfigService } from '../../core/config/config-service.js';
import { canonicalTenant } from '../../core/config/config-key.js';
import type { NamespaceService, NamespaceView } from '../../core/namespace/namespace-service.js';
import { invalid, notFound } from '../../shared/errors.js';
import { optional, requestParams } from '../http-common/params.js';
import { namespacesVisibleToCaller } from './api-auth-hook.js';
import { NAMESPACE_ADMIN, requestNamespace } from './request-namespace.js';

/** Each method reads its own field (`customNamespaceId`, `namespace`, `namespaceId`): resolved as one. */
const ROUTE = { config: { namespace: NAMESPACE_ADMIN } };

const QUOTA = 200;

/** A namespace as nacos' namespace APIs show it (v1, v2 and v3 alike). */
export function namespaceJson(ns: NamespaceView, configs: ConfigService) {
  return {
    namespace: ns.namespaceId,
    namespaceShowName: ns.namespaceName,
    namespaceDesc: ns.namespaceDesc,
    quota: QUOTA,
    configCount: configs.count(canonicalTenant(ns.namespaceId)),
    type: ns.type,
  };
}

/**
 * The namespaces as nacos' namespace APIs list them; with OpenAPI auth on, only those the caller may see, as the
 * console lists them.
 */
export function namespaceListJson(req: FastifyRequest, namespaces: NamespaceService, configs: ConfigService) {
  const visible = namespacesVisibleToCaller(req);
  return namespaces
    .list()
    .filter((ns) => visible(ns.namespaceId))
    .map((ns) => namespaceJson(ns, configs));
}

/** `/nacos/v1/console/namespaces`: the nacos 1.x namespace API (list, create, update, delete). */
export function registerNamespaceRoutes(app: FastifyInstance, namespaces: NamespaceService, configs: ConfigService) {
  const path = '/nacos/v1/console/namespaces';

  app.get(path, ROUTE, async (req) => {
    const params = requestParams(req);
    if (optional(params, 'checkNamespaceIdExist') === 'true') {
      return namespaces.exists(requestNamespace(req) ?? '');
    }
    if (optional(params, 'show') === 'all') {
      const id = requestNamespace(req) ?? '';
      const ns = namespaces.get(id);
      if (!ns) throw notFound(`namespace ${id} does not exist`);
      return namespaceJson(ns, configs);
    }
    return { code: 200, message: null, data: namespaceListJson(req, namespaces, configs) };
  });

  app.post(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const name = optional(params, 'namespaceName');
    if (!name) throw invalid('namespaceName is required');
    await namespaces.add({
      namespaceId: requestNamespace(req),
      namespaceName: name,
      namespaceDesc: optional(params, 'namespaceDesc'),
    });
    return reply.type('application/json;charset=UTF-8').send('true');
  });

  app.put(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const id = requestNamespace(req);
    if (!id) throw invalid('namespace is required');
    await namespaces.update({
      namespaceId: id,
      namespaceName: optional(params, 'namespaceShowName') ?? optional(params, 'namespaceName') ?? '',
      namespaceDesc: optional(params, 'namespaceDesc'),
    });
    return reply.type('application/json;charset=UTF-8').send('true');
  });

  app.delete(path, ROUTE, async (req, reply) => {
    const id = requestNamespace(req);
    if (!id) throw invalid('namespaceId is required');
    await namespaces.remove(id);
    return reply.type('application/json;charset=UTF-8').send('true');
  });
}
