import type { FastifyInstance } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { canonicalNamespace } from '../../core/naming/naming-validation.js';
import { pageOfNames } from '../../core/naming/service-name-page.js';
import { intParam, optional, requestParams } from '../http-common/params.js';
import { serviceKeyOf } from '../http-v1/naming-params.js';
import { NAMING_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { settingsOf } from '../http-v1/service-routes.js';
import { required, V2Error, v2Ok, withCodes } from './v2-result.js';

const ROUTE = { config: { namespace: NAMING_NAMESPACE } };
const PATH = '/nacos/v2/ns/service';

/** nacos answers a missing service with 400 and code 21008. */
const SERVICE_MISSING = { not_found: [400, 'SERVICE_NOT_EXIST'] } as const;

/** `/nacos/v2/ns/service*`, on the same core calls as the v1 routes. */
export function registerServiceV2Routes(app: FastifyInstance, naming: NamingService): void {
  app.post(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    const key = serviceKeyOf(params, requestNamespace(req));
    const settings = settingsOf(params);
    if (naming.getService(key)) throw new V2Error(400, 'SERVICE_ALREADY_EXIST', 'service already exists!');
    await naming.createService(key, settings);
    return v2Ok('ok');
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    await withCodes(
      naming.updateService(serviceKeyOf(params, requestNamespace(req)), settingsOf(params)),
      SERVICE_MISSING,
    );
    return v2Ok('ok');
  });

  app.delete(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    await withCodes(naming.removeService(serviceKeyOf(params, requestNamespace(req))), SERVICE_MISSING);
    return v2Ok('ok');
  });

  app.get(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    const key = serviceKeyOf(params, requestNamespace(req));
    const service = naming.getService(key);
    if (!service) throw new V2Error(400, 'SERVICE_NOT_EXIST', 'service not found');
    const clusterMap = Object.fromEntries(
      service.clusterNames.map((name) => [name, { clusterName: name, healthChecker: { type: 'TCP' }, metadata: {} }]),
    );
    return v2Ok({
      namespaceId: key.namespaceId,
      groupName: key.groupName,
      serviceName: key.serviceName,
      clusterMap,
      metadata: service.metadata,
      protectThreshold: service.protectThreshold,
      selector: service.selector,
    });
  });

  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
    // nacos caps the page at 500
    const pageSize = Math.min(500, intParam(params, 'pageSize', 20, 1, 1_000_000));
    const names = naming.serviceNames(
      canonicalNamespace(requestNamespace(req)),
      optional(params, 'groupName') ?? 'DEFAULT_GROUP',
    );
    return v2Ok({ count: names.length, services: pageOfNames(names, pageNo, pageSize) });
  });
}
