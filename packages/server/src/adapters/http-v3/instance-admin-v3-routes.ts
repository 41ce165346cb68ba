import type { FastifyInstance } from 'fastify';
import { DEFAULT_CLUSTER } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { NacosError } from '../../shared/errors.js';
import { requestParams } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { boolParam, clusterOf } from '../http-v1/naming-params.js';
import { instanceInputV3 } from './naming-client-v3-routes.js';
import { instanceV3Json } from './naming-v3-json.js';
import { NAMING_V3_NAMESPACE, serviceKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: NAMING_V3_NAMESPACE } };
const PATH = '/nacos/v3/admin/ns/instance';

/** A missing instance is nacos's 21003 on the v3 admin routes. */
export async function instanceWrite<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof NacosError && err.kind === 'not_found') {
      throw fail('not_found', RESULT_CODE.INSTANCE_NOT_FOUND, err.message);
    }
    throw err;
  }
}

/** `/nacos/v3/admin/ns/instance`: register, deregister, update, partial update, detail, list. */
export function registerInstanceAdminV3Routes(app: FastifyInstance, naming: NamingService): void {
  app.post(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    await naming.registerInstance(serviceKeyV3(req, params), input);
    return ok('ok');
  });

  app.delete(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    await naming.deregisterInstance(serviceKeyV3(req, params), input);
    return ok('ok');
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    await instanceWrite(naming.updateInstance(serviceKeyV3(req, params), input));
    return ok('ok');
  });

  // only the fields given change (weight, enabled, metadata), as nacos's partial update
  app.put(`${PATH}/partial`, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    await instanceWrite(naming.patchInstance(serviceKeyV3(req, params), input, input));
    return ok('ok');
  });

  app.get(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    const key = serviceKeyV3(req, params);
    const instance = naming.getInstance(key, input);
    if (!instance) {
      const where = `${input.ip}:${input.port} in cluster ${input.clusterName ?? DEFAULT_CLUSTER}`;
      throw fail('not_found', RESULT_CODE.INSTANCE_NOT_FOUND, `no instance ${where}`);
    }
    return ok(instanceV3Json(key, instance));
  });

  // every instance, disabled ones too (the admin view; clients get `/nacos/v3/client/ns/instance/list`)
  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = serviceKeyV3(req, params);
    const cluster = clusterOf(params);
    const healthyOnly = boolParam(params, 'healthyOnly') ?? false;
    const instances = naming
      .listInstances(key)
      .filter((i) => (!cluster || i.clusterName === cluster) && (!healthyOnly || i.healthy));
    return ok(instances.map((i) => instanceV3Json(key, i)));
  });
}
