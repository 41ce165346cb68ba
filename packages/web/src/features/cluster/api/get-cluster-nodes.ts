import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.js';

export interface ClusterNode {
  nodeId: number;
  /** gRPC address of the node. */
  addr: string;
  currentNode: boolean;
  raftLeader: boolean;
  distroValid: boolean;
}

export const clusterKeys = { nodes: ['cluster', 'nodes'] as const };

export const getClusterNodes = () => apiGet<ClusterNode[]>('/v2/cluster/cluster_node_list');

export function useClusterNodes() {
  return useQuery({ queryKey: clusterKeys.nodes, queryFn: getClusterNodes });
}
