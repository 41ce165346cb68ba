import type { ClusterNodeInfo } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import type { ClusterMembers } from '../../core/cluster/cluster-members.js';
import { API } from './console-paths.js';
import { consoleOk, ok } from './envelope.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/** These routes name no namespace. */
const NONE = namespaced(NO_NAMESPACES);

/** The console's cluster page: every member of the cluster, this node marked. */
export function registerClusterRoutes(app: FastifyInstance, cluster: ClusterMembers): void {
  const nodes = (): ClusterNodeInfo[] =>
    cluster.list().map((m) => ({
      nodeId: m.nodeId,
      addr: m.addr,
      currentNode: m.self,
      raftLeader: m.leader,
      distroValid: m.healthy,
    }));
  app.get(`${API}/v2/cluster/cluster_node_list`, NONE, async () => ok(nodes()));
  app.get(`${API}/cluster/cluster_node_list`, NONE, async () => consoleOk(nodes()));
}
