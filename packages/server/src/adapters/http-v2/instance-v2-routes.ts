import type { FastifyInstance } from 'fastify';
import { groupedName, instanceIdOf } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { beatAnswer } from '../http-v1/naming-answers.js';
import { hostJson, POLL_CACHE_MILLIS } from '../http-v1/naming-json.js';
import { boolParam, clusterOf, instanceOf, serviceKeyOf } from '../http-v1/naming-params.js';
import { NAMING_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { required, requireAll, V2Error, v2Ok, withCodes } from './v2-result.js';

const ROUTE = { config: { namespace: NAMING_NAMESPACE } };
const PATH = '/nacos/v2/ns/instance';

/** nacos' InstanceForm: serviceName, ip and port are required. */
const instanceParams = (params: Params) => requireAll(params, 'serviceName', 'ip', 'port');

/** `/nacos/v2/ns/instance*` and `/nacos/v2/ns/health/instance`, on the same core calls as the v1 routes. */
export function registerInstanceV2Routes(app: FastifyInstance, naming: NamingService): void {
  app.post(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    instanceParams(params);
    await naming.registerInstance(serviceKeyOf(params, requestNamespace(req)), instanceOf(params));
    return v2Ok('ok');
  });

  app.delete(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    instanceParams(params);
    await naming.deregisterInstance(serviceKeyOf(params, requestNamespace(req)), instanceOf(params));
    return v2Ok('ok');
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    instanceParams(params);
    await naming.updateInstance(serviceKeyOf(params, requestNamespace(req)), instanceOf(params));
    return v2Ok('ok');
  });

  // changes only the fields given; nacos answers it with a bare `ok`, outside the envelope
  app.patch(PATH, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    instanceParams(params);
    const input = instanceOf(params);
    const key = serviceKeyOf(params, requestNamespace(req));
    await withCodes(naming.patchInstance(key, input, input), { not_found: [404, 'INSTANCE_NOT_FOUND'] });
    return reply.type('text/plain;charset=UTF-8').send('ok');
  });

  app.get(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    instanceParams(params);
    const key = serviceKeyOf(params, requestNamespace(req));
    const ref = instanceOf(params);
    const instance = naming.getInstance(key, ref);
    if (!instance) throw new V2Error(404, 'INSTANCE_NOT_FOUND', 'no matched ip found!');
    return v2Ok({
      serviceName: groupedName(key),
      ip: instance.ip,
      port: instance.port,
      clusterName: instance.clusterName,
      weight: instance.weight,
      healthy: instance.healthy,
      instanceId: instanceIdOf(instance, groupedName(key)),
      metadata: instance.metadata,
    });
  });

  // a nacos 2.x ServiceInfo: the plain service name with its group beside it; v2 names the filter `clusterName`
  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    const key = serviceKeyOf(params, requestNamespace(req));
    const info = naming.query(key, {
      clusters: optional(params, 'clusterName') ?? '',
      healthyOnly: boolParam(params, 'healthyOnly') ?? false,
    });
    return v2Ok({
      name: key.serviceName,
      groupName: key.groupName,
      clusters: info.clusters,
      cacheMillis: POLL_CACHE_MILLIS,
      hosts: info.hosts.map((h) => hostJson(h, info.groupedName)),
      lastRefTime: info.lastRefTime,
      checksum: info.checksum,
      allIPs: false,
      reachProtectionThreshold: info.reachProtectionThreshold,
      valid: true,
    });
  });

  // nacos answers the beat with the v1 object, outside the envelope
  app.put(`${PATH}/beat`, ROUTE, async (req) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    return beatAnswer(naming, params, requestNamespace(req));
  });

  // sets the health of an instance, as `PATCH /nacos/v1/ns/instance` with `healthy` does
  const health = async (params: Params, namespaceId: string | undefined) => {
    requireAll(params, 'serviceName', 'ip', 'port', 'healthy');
    const healthy = boolParam(params, 'healthy');
    const ref = { ip: optional(params, 'ip') ?? '', port: instanceOf(params).port, clusterName: clusterOf(params) };
    await withCodes(naming.patchInstance(serviceKeyOf(params, namespaceId), ref, { healthy }), {
      not_found: [404, 'INSTANCE_NOT_FOUND'],
    });
    return v2Ok('ok');
  };
  app.put('/nacos/v2/ns/health/instance', ROUTE, (req) => health(requestParams(req), requestNamespace(req)));
  app.put('/nacos/v2/ns/health', ROUTE, (req) => health(requestParams(req), requestNamespace(req)));
}
