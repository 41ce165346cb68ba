import type { FastifyInstance } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { requestParams } from '../http-common/params.js';
import { failureBody, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { clusterUpdateOf, updateCluster } from '../http-v1/cluster-routes.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { switches, SWITCHES_READ_ONLY } from '../http-v2/operator-v2-routes.js';
import { serviceWrite } from './naming-admin-v3-routes.js';
import { NAMING_V3_NAMESPACE, required, serviceKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: NAMING_V3_NAMESPACE } };
/** The node's settings, no namespaced data; nacos grants them to its admin role only. */
const ADMIN_ROUTE = { config: { namespace: NO_NAMESPACE, adminOnly: true } };

/** The checkers the persistent-instance prober runs, at nacos's defaults (no MySQL check here). */
const CHECKERS = {
  TCP: { type: 'TCP' },
  HTTP: { type: 'HTTP', path: '', headers: '', expectedResponseCode: 200 },
  NONE: { type: 'NONE' },
};

/** A cluster's health-check settings, the naming switches (read only) and the checkers there are. */
export function registerNamingClusterV3Routes(app: FastifyInstance, naming: NamingService): void {
  app.put('/nacos/v3/admin/ns/cluster', ROUTE, async (req) => {
    const params = requestParams(req);
    const key = serviceKeyV3(req, params);
    await serviceWrite(updateCluster(naming, key, clusterUpdateOf(params, required)));
    return ok('ok');
  });

  app.get('/nacos/v3/admin/ns/health/checkers', ADMIN_ROUTE, async () => ok(CHECKERS));

  app.get('/nacos/v3/admin/ns/ops/switches', ADMIN_ROUTE, async () => ok(switches(naming)));
  app.put('/nacos/v3/admin/ns/ops/switches', ADMIN_ROUTE, async (_req, reply) =>
    reply.code(501).send(failureBody(RESULT_CODE.SERVER_ERROR, SWITCHES_READ_ONLY)),
  );
}
