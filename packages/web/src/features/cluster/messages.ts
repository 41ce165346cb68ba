import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  cluster: {
    title: 'Cluster info',
    node_id: 'Node ID',
    addr: 'Address (gRPC)',
    current_node: 'Current node',
    raft_leader: 'Raft leader',
    distro_valid: 'Distro valid',
  },
};

export const clusterMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    cluster: {
      title: '集群信息',
      node_id: '节点ID',
      addr: '地址 (gRPC)',
      current_node: '当前节点',
      raft_leader: 'Raft 主节点',
      distro_valid: 'Distro 有效',
    },
  },
};
