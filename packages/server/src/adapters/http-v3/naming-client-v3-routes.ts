import type { FastifyInstance } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { boolParam, instanceOf } from '../http-v1/naming-params.js';
import { requestParams, type Params } from '../http-common/params.js';
import { failureBody, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { hostV3Json } from './naming-v3-json.js';
import { NAMING_V3_NAMESPACE, required, serviceKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: NAMING_V3_NAMESPACE } };

/** nacos's `InstanceForm`: `serviceName`, `ip` and `port` required, in that order. */
export function instanceInputV3(params: Params) {
  required(params, 'serviceName');
  required(params, 'ip');
  required(params, 'port');
  return instanceOf(params);
}

/**
 * `/nacos/v3/client/ns/instance`: register (or beat, `heartBeat=true`), deregister and list, on the
 * functions the v1 routes and gRPC call.
 */
export function registerNamingClientV3Routes(app: FastifyInstance, naming: NamingService): void {
  const path = '/nacos/v3/client/ns/instance';

  app.post(path, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    const key = serviceKeyV3(req, params);
    if (boolParam(params, 'heartBeat') === true) {
      // nacos answers an unknown instance's beat with status 200 and code 21003: the client re-registers
      if (!naming.beat(key, input).found) return { ...failureBody(RESULT_CODE.INSTANCE_NOT_FOUND, ''), data: null };
    } else {
      await naming.registerInstance(key, input);
    }
    return ok('ok');
  });

  app.delete(path, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    await naming.deregisterInstance(serviceKeyV3(req, params), input);
    return ok('ok');
  });

  app.get(`${path}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const info = naming.query(serviceKeyV3(req, params), { clusters: params.clusterName ?? '' });
    return ok(info.hosts.map((h) => hostV3Json(h, info.groupedName)));
  });
}
