import type { ClusterNodeInfo } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import { API } from './console-paths.js';
import { consoleOk, ok } from './envelope.js';

export interface ClusterNode {
  nodeId: number;
  addr: string;
}

/** A single node: it is the whole cluster, its leader, and valid. */
export function registerClusterRoutes(app: FastifyInstance, self: ClusterNode): void {
  const nodes = (): ClusterNodeInfo[] => [
    { nodeId: self.nodeId, addr: self.addr, currentNode: true, raftLeader: true, distroValid: true },
  ];
  app.get(`${API}/v2/cluster/cluster_node_list`, async () => ok(nodes()));
  app.get(`${API}/cluster/cluster_node_list`, async () => consoleOk(nodes()));
}
