import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ClusterMembers } from '../../core/cluster/cluster-members.js';
import type { ClientConnectionRegistry } from '../../core/connection/client-connection-registry.js';
import { invalid } from '../../shared/errors.js';
import { optional, requestParams } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { memberOf } from '../http-v1/core-routes.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { required } from './v3-params.js';

/** nacos requires its admin role (resource `.../core/loader`). */
const ROUTE = { config: { namespace: NO_NAMESPACE, adminOnly: true } };
const PATH = '/nacos/v3/admin/core/loader';

export interface LoaderAdminV3Deps {
  connections: ClientConnectionRegistry;
  cluster: ClusterMembers;
  version: string;
}

/**
 * `/nacos/v3/admin/core/loader/*`: this node's gRPC connections, and asking them to reconnect elsewhere,
 * on the registry the v1 `reloadCurrent` and the console use. `cluster` tells this node's load only:
 * nodes do not exchange their connection counts.
 */
export function registerLoaderAdminV3Routes(app: FastifyInstance, deps: LoaderAdminV3Deps): void {
  const { connections } = deps;

  app.get(`${PATH}/current`, ROUTE, async () => {
    const byId: Record<string, unknown> = {};
    for (const c of connections.list()) {
      byId[c.id] = {
        traced: false,
        abilityTable: {},
        metaInfo: {
          connectType: 'GRPC',
          clientIp: c.clientIp,
          remoteIp: c.remoteIp,
          remotePort: c.remotePort,
          version: c.clientVersion,
          connectionId: c.id,
          createTime: c.connectedAt,
          lastActiveTime: c.lastActiveAt,
          appName: c.appName,
          namespaceId: c.namespace,
          labels: c.labels,
        },
      };
    }
    return ok(byId);
  });

  app.post(`${PATH}/reloadCurrent`, ROUTE, async (req) => {
    const params = requestParams(req);
    const raw = required(params, 'count');
    const count = Number(raw);
    if (!Number.isInteger(count)) throw invalid(`count must be a whole number, got ${raw}`);
    connections.rebalance(count, optional(params, 'redirectAddress'));
    return ok(null);
  });

  app.post(`${PATH}/reloadClient`, ROUTE, async (req) => {
    const params = requestParams(req);
    const id = required(params, 'connectionId');
    if (!connections.reset(id, optional(params, 'redirectAddress'))) {
      throw fail('not_found', RESULT_CODE.RESOURCE_NOT_FOUND, `no connection ${id} on this node`);
    }
    return ok(null);
  });

  app.get(`${PATH}/cluster`, ROUTE, async () => {
    const self = deps.cluster.list().find((m) => m.self) ?? deps.cluster.list()[0];
    const count = connections.count();
    const cpus = os.cpus().length || 1;
    const metric = {
      address: self ? memberOf(self, deps.version).address : '',
      sdkConCount: count,
      conCount: count,
      load: os.loadavg()[0].toFixed(2),
      cpu: Math.min(1, os.loadavg()[0] / cpus).toFixed(2),
    };
    return ok({
      detail: [metric],
      memberCount: deps.cluster.list().length,
      metricsCount: 1,
      completed: deps.cluster.list().length === 1,
      max: count,
      min: count,
      avg: count,
      threshold: '1.1',
      total: count,
    });
  });
}
