import type { FastifyInstance } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { groupedName, instanceIdOf } from '../../core/naming/naming-model.js';
import { intParam, requestParams } from '../http-common/params.js';
import { boolParam, serviceKeyOf } from '../http-v1/naming-params.js';
import { NAMING_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { requireAll, v2Ok } from './v2-result.js';

const ROUTE = { config: { namespace: NAMING_NAMESPACE } };

/**
 * `GET /nacos/v2/ns/catalog/instances`: every instance of a service, disabled and unhealthy ones included
 * unless `healthyOnly`/`enabledOnly` say otherwise, a page at a time (`pageNo`, `pageSize` required).
 */
export function registerCatalogV2Routes(app: FastifyInstance, naming: NamingService): void {
  app.get('/nacos/v2/ns/catalog/instances', ROUTE, async (req) => {
    const params = requestParams(req);
    requireAll(params, 'serviceName', 'pageNo', 'pageSize');
    const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
    const pageSize = intParam(params, 'pageSize', 100, 1, 1_000_000);
    const healthy = boolParam(params, 'healthyOnly');
    const enabled = boolParam(params, 'enabledOnly');
    const key = serviceKeyOf(params, requestNamespace(req));
    const found = naming
      .listInstances(key)
      .filter(
        (i) => (healthy === undefined || i.healthy === healthy) && (enabled === undefined || i.enabled === enabled),
      );
    const page = found.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((i) => ({
      instanceId: instanceIdOf(i, groupedName(key)),
      ip: i.ip,
      port: i.port,
      weight: i.weight,
      healthy: i.healthy,
      enabled: i.enabled,
      ephemeral: i.ephemeral,
      clusterName: i.clusterName,
      serviceName: `${key.groupName}@@${key.serviceName}`,
      metadata: i.metadata,
    }));
    return v2Ok({ instances: page, count: found.length });
  });
}
