import type { FastifyInstance } from 'fastify';
import type { ClusterMember, ClusterMembers } from '../../core/cluster/cluster-members.js';
import type { ClientConnectionRegistry } from '../../core/connection/client-connection-registry.js';
import { invalid } from '../../shared/errors.js';
import { optional, requestParams } from '../http-common/params.js';
import { NO_NAMESPACE } from './request-namespace.js';

export interface CoreRouteDeps {
  cluster: ClusterMembers;
  connections: ClientConnectionRegistry;
  version: string;
  authEnabled: boolean;
  consoleEnabled: boolean;
}

/** nacos clients reach a node's gRPC port at its HTTP port + 1000. */
const GRPC_PORT_OFFSET = 1000;

/** A member as nacos' `/core/cluster` endpoints show it (`address` is the HTTP one clients are given). */
export function memberOf(m: ClusterMember, version: string) {
  const colon = m.addr.lastIndexOf(':');
  const ip = colon > 0 ? m.addr.slice(0, colon) : m.addr;
  const port = colon > 0 ? Number(m.addr.slice(colon + 1)) - GRPC_PORT_OFFSET : 8848;
  return {
    ip,
    port,
    state: m.healthy ? 'UP' : 'DOWN',
    extendInfo: { version, nodeId: m.nodeId, leader: m.leader, self: m.self, grpcAddress: m.addr },
    address: `${ip}:${port}`,
    failAccessCnt: 0,
    abilities: { remoteAbility: { supportRemoteConnection: true, grpcReportEnabled: true } },
  };
}

/** Cluster and connection routes hold no namespaced data. */
const ROUTE = { config: { namespace: NO_NAMESPACE } };

const restResult = (data: unknown) => ({ code: 200, message: null, data });

/** Where a node tells the other nodes whether it reaches its database (tsnacos's own). */
export const STORE_HEALTH_PATH = '/nacos/v1/core/cluster/store-health';

/** Cluster members, server state and connection rebalancing, as nacos' core and console endpoints answer. */
export function registerCoreRoutes(app: FastifyInstance, deps: CoreRouteDeps): void {
  const members = () => deps.cluster.list().map((m) => memberOf(m, deps.version));
  const self = () => members().find((m) => m.extendInfo.self) ?? members()[0];

  app.get('/nacos/v1/core/cluster/nodes', ROUTE, async (req) => {
    const keyword = optional(requestParams(req), 'keyword');
    return restResult(members().filter((m) => !keyword || m.address.startsWith(keyword)));
  });
  app.get('/nacos/v1/core/cluster/simple/nodes', ROUTE, async () => restResult(members().map((m) => m.address)));
  app.get('/nacos/v1/core/cluster/self', ROUTE, async () => restResult(self()));
  app.get('/nacos/v2/core/cluster/nodes', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const address = optional(params, 'address');
    const state = optional(params, 'state')?.toUpperCase();
    if (state && !['UP', 'DOWN', 'STARTING', 'SUSPICIOUS', 'ISOLATION'].includes(state)) {
      return reply.code(400).send({ code: 400, message: `Illegal state: ${state}`, data: null });
    }
    return restResult(
      members().filter((m) => (!address || m.address.startsWith(address)) && (!state || m.state === state)),
    );
  });
  app.get('/nacos/v2/core/cluster/nodes/self', ROUTE, async () => restResult(self()));
  // another node asks whether this one reaches the database: if so, that node alone is cut off
  app.get(STORE_HEALTH_PATH, ROUTE, async (_req, reply) => {
    const reachable = await deps.cluster.storeReachable();
    return reply.code(reachable ? 200 : 503).send({ reachable });
  });

  app.get('/nacos/v1/console/server/state', async () => ({
    version: deps.version,
    standalone_mode: deps.cluster.mode,
    function_mode: null,
    auth_enabled: String(deps.authEnabled),
    login_page_enabled: String(deps.authEnabled),
    auth_system_type: 'nacos',
    console_ui_enabled: String(deps.consoleEnabled),
  }));

  // Keeps `count` connections and asks the others to reconnect (to `redirectAddress` when given).
  app.get('/nacos/v2/core/loader/reloadCurrent', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const raw = optional(params, 'count');
    const count = raw === undefined ? NaN : Number(raw);
    if (!Number.isInteger(count)) throw invalid(`count must be a whole number, got ${raw ?? 'nothing'}`);
    deps.connections.rebalance(count, optional(params, 'redirectAddress'));
    return reply.type('text/plain;charset=UTF-8').send('success');
  });
}
