import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  cluster: {
    title: 'Cluster info',
    node_id: 'Node ID',
    addr: 'Address (gRPC)',
    current_node: 'Current node',
    leader: 'Leader',
    state: 'State',
    intro:
      "The nodes sharing this server's database. The leader (the live node with the smallest id) runs the cluster-wide chores. A node is UP while it renews its lease and DOWN once the lease ran out; a node that stopped without leaving stays listed DOWN for ten minutes, a node that stopped cleanly leaves at once. A server on its own SQLite database is a cluster of one.",
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
      leader: '主节点',
      state: '状态',
      intro:
        '共享本服务数据库的节点。主节点（存活节点中 ID 最小者）负责集群范围的任务。节点在续约期间为 UP，租约过期后为 DOWN；未正常退出的节点以 DOWN 状态保留十分钟，正常停止的节点立即移除。使用自身 SQLite 数据库的服务是单节点集群。',
    },
  },
};
