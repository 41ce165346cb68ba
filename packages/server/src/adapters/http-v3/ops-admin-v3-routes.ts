import type { FastifyInstance } from 'fastify';
import { failureBody, RESULT_CODE } from '../http-common/nacos-result.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';

/** nacos grants its ops routes to its admin role only; they name no namespace. */
const ADMIN_ROUTE = { config: { namespace: NO_NAMESPACE, adminOnly: true } };

const MEMBERS_FROM_DATABASE =
  'cluster members are the nodes that share the database (RNACOS_DB_URL): there is no member list or lookup to change';

/**
 * nacos 3's operations on parts tsnacos does not have (a member list and its lookup, Raft, id generators,
 * per-logger levels): a tool calling them learns why with a 501, as for the naming switches, instead of a
 * 404 that reads like a wrong address.
 */
const REFUSED: Array<{ method: 'GET' | 'PUT' | 'POST'; url: string; reason: string }> = [
  { method: 'PUT', url: '/nacos/v3/admin/core/cluster/node/list', reason: MEMBERS_FROM_DATABASE },
  { method: 'PUT', url: '/nacos/v3/admin/core/cluster/lookup', reason: MEMBERS_FROM_DATABASE },
  {
    method: 'POST',
    url: '/nacos/v3/admin/core/ops/raft',
    reason: 'there is no Raft group here: every write of a cluster is decided by its PostgreSQL database',
  },
  {
    method: 'GET',
    url: '/nacos/v3/admin/core/ops/ids',
    reason: 'there are no id generators here: ids are given by the store',
  },
  {
    method: 'PUT',
    url: '/nacos/v3/admin/core/ops/log',
    reason: 'the log level is a setting here (RNACOS_LOG_LEVEL), read at start',
  },
  {
    method: 'PUT',
    url: '/nacos/v3/admin/ns/ops/log',
    reason: 'the log level is a setting here (RNACOS_LOG_LEVEL), read at start',
  },
];

export function registerOpsAdminV3Routes(app: FastifyInstance): void {
  for (const { method, url, reason } of REFUSED) {
    app.route({
      method,
      url,
      ...ADMIN_ROUTE,
      handler: async (_req, reply) => reply.code(501).send(failureBody(RESULT_CODE.SERVER_ERROR, reason)),
    });
  }
}
