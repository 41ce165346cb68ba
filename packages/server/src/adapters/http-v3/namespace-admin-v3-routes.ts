import type { FastifyInstance } from 'fastify';
import type { ConfigService } from '../../core/config/config-service.js';
import type { NamespaceService } from '../../core/namespace/namespace-service.js';
import { NacosError } from '../../shared/errors.js';
import { optional, requestParams } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { namespaceJson, namespaceListJson } from '../http-v1/namespace-routes.js';
import { requestNamespace } from '../http-v1/request-namespace.js';
import { required } from './v3-params.js';

/** nacos requires its admin role for these (resource `.../core/namespaces`), so does tsnacos. */
const ROUTE = { config: { namespace: { kind: 'fields', fields: ['namespaceId'] } as const, adminOnly: true } };
const PATH = '/nacos/v3/admin/core/namespace';
/** Runs a namespace write, answering a missing namespace with nacos's 22001 and a taken id with 22002. */
async function namespaceWrite(work: Promise<unknown>, namespaceId: string | undefined): Promise<void> {
  try {
    await work;
  } catch (err) {
    if (!(err instanceof NacosError)) throw err;
    if (err.kind === 'not_found') throw fail('not_found', RESULT_CODE.NAMESPACE_NOT_EXIST, err.message);
    if (err.kind === 'invalid' && namespaceId && /already exists/.test(err.message)) {
      throw fail('conflict', RESULT_CODE.NAMESPACE_ALREADY_EXIST, err.message);
    }
    throw err;
  }
}

/** `/nacos/v3/admin/core/namespace`: list, get, create, update, delete, id check; admins only. */
export function registerNamespaceAdminV3Routes(
  app: FastifyInstance,
  namespaces: NamespaceService,
  configs: ConfigService,
): void {
  app.get(`${PATH}/list`, ROUTE, async (req) => ok(namespaceListJson(req, namespaces, configs)));

  app.get(PATH, ROUTE, async (req) => {
    required(requestParams(req), 'namespaceId');
    const id = requestNamespace(req) ?? '';
    const ns = namespaces.get(id);
    if (!ns) throw fail('not_found', RESULT_CODE.NAMESPACE_NOT_EXIST, `namespace ${id} does not exist`);
    return ok(namespaceJson(ns, configs));
  });

  app.post(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const namespaceName = required(params, 'namespaceName');
    const namespaceId = requestNamespace(req);
    const input = { namespaceId, namespaceName, namespaceDesc: optional(params, 'namespaceDesc') };
    await namespaceWrite(namespaces.add(input), namespaceId);
    return ok(true);
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'namespaceId');
    const namespaceName = required(params, 'namespaceName');
    const namespaceId = requestNamespace(req) ?? '';
    const input = { namespaceId, namespaceName, namespaceDesc: optional(params, 'namespaceDesc') };
    await namespaceWrite(namespaces.update(input), namespaceId);
    return ok(true);
  });

  app.delete(PATH, ROUTE, async (req) => {
    required(requestParams(req), 'namespaceId');
    await namespaceWrite(namespaces.remove(requestNamespace(req) ?? ''), undefined);
    return ok(true);
  });

  // nacos answers the number of namespaces with that id: 1 or 0
  app.get(`${PATH}/check`, ROUTE, async (req) => {
    required(requestParams(req), 'namespaceId');
    return ok(namespaces.exists(requestNamespace(req) ?? '') ? 1 : 0);
  });
}
