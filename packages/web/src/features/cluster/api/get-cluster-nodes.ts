import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.js';

import type { ClusterNodeInfo } from '@tsnacos/protocol';

export type ClusterNode = ClusterNodeInfo;

const clusterKeys = { nodes: ['cluster', 'nodes'] as const };

const getClusterNodes = () => apiGet<ClusterNode[]>('/v2/cluster/cluster_node_list');

export function useClusterNodes() {
  return useQuery({ queryKey: clusterKeys.nodes, queryFn: getClusterNodes });
}
