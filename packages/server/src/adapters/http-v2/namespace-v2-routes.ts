import type { FastifyInstance } from 'fastify';
import type { ConfigService } from '../../core/config/config-service.js';
import type { NamespaceService } from '../../core/namespace/namespace-service.js';
import { optional, requestParams } from '../http-common/params.js';
import { namespaceJson, namespaceListJson } from '../http-v1/namespace-routes.js';
import { requestNamespace, type NamespaceSource } from '../http-v1/request-namespace.js';
import { missing, required, V2Error, v2Ok, withCodes } from './v2-result.js';

/** Every v2 namespace request names its namespace in `namespaceId` (create: optional, a new id is made). */
const NAMESPACE_V2: NamespaceSource = { kind: 'fields', fields: ['namespaceId'] };
const ROUTE = { config: { namespace: NAMESPACE_V2 } };
const PATH = '/nacos/v2/console/namespace';

const NAMESPACE_MISSING = { not_found: [404, 'NAMESPACE_NOT_EXIST'] } as const;

/** `/nacos/v2/console/namespace*`: list, detail, create, edit and remove, on the same core calls as v1's. */
export function registerNamespaceV2Routes(app: FastifyInstance, namespaces: NamespaceService, configs: ConfigService) {
  app.get(`${PATH}/list`, ROUTE, async (req) => v2Ok(namespaceListJson(req, namespaces, configs)));

  app.get(PATH, ROUTE, async (req) => {
    // required, but an empty one names the default namespace (nacos 2.x's id for it is ""), as in nacos
    if (!('namespaceId' in requestParams(req))) throw missing('namespaceId');
    const id = requestNamespace(req) ?? '';
    const ns = namespaces.get(id);
    if (!ns) throw new V2Error(404, 'NAMESPACE_NOT_EXIST', `namespaceId [ ${id} ] not exist`);
    return v2Ok(namespaceJson(ns, configs));
  });

  app.post(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const namespaceName = required(params, 'namespaceName');
    const id = requestNamespace(req);
    if (id !== undefined && namespaces.exists(id)) {
      throw new V2Error(409, 'NAMESPACE_ALREADY_EXIST', `namespaceId [${id}] already exist`);
    }
    await namespaces.add({ namespaceId: id, namespaceName, namespaceDesc: optional(params, 'namespaceDesc') });
    return v2Ok(true);
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'namespaceId');
    const namespaceName = required(params, 'namespaceName');
    const namespaceId = requestNamespace(req) ?? '';
    const change = { namespaceId, namespaceName, namespaceDesc: optional(params, 'namespaceDesc') };
    await withCodes(namespaces.update(change), NAMESPACE_MISSING);
    return v2Ok(true);
  });

  app.delete(PATH, ROUTE, async (req) => {
    required(requestParams(req), 'namespaceId');
    await withCodes(namespaces.remove(requestNamespace(req) ?? ''), NAMESPACE_MISSING);
    return v2Ok(true);
  });
}
