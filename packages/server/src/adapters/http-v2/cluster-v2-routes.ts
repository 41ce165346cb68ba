import type { FastifyInstance } from 'fastify';
import type { ClusterMembers } from '../../core/cluster/cluster-members.js';
import { optional, requestParams } from '../http-common/params.js';
import { memberOf } from '../http-v1/core-routes.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { V2Error, v2Ok } from './v2-result.js';

/** Cluster routes hold no namespaced data. */
const ROUTE = { config: { namespace: NO_NAMESPACE } };
const PATH = '/nacos/v2/core/cluster';
const STATES = ['UP', 'DOWN', 'STARTING', 'SUSPICIOUS', 'ISOLATION'];

/**
 * `/nacos/v2/core/cluster/node*`: this node and the members, as the v1 and `/nacos/v2/core/cluster/nodes`
 * routes show them. Members come from the shared store's leases, so the member lookup cannot be switched.
 */
export function registerClusterV2Routes(app: FastifyInstance, cluster: ClusterMembers, version: string): void {
  const members = () => cluster.list().map((m) => memberOf(m, version));
  const self = () => members().find((m) => m.extendInfo.self) ?? members()[0];

  app.get(`${PATH}/node/self`, ROUTE, async () => v2Ok(self()));

  app.get(`${PATH}/node/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const address = optional(params, 'address');
    const state = optional(params, 'state')?.toUpperCase();
    if (state && !STATES.includes(state)) throw new V2Error(400, 'ILLEGAL_STATE', `Illegal state: ${state}`);
    return v2Ok(members().filter((m) => (!address || m.address.startsWith(address)) && (!state || m.state === state)));
  });

  app.get(`${PATH}/node/self/health`, ROUTE, async () => v2Ok(self().state));

  app.put(`${PATH}/lookup`, ROUTE, async () => {
    throw new V2Error(
      501,
      'SERVER_ERROR',
      'the member lookup cannot be switched here: members are the nodes sharing the store (see docs/cluster.md)',
    );
  });
}
