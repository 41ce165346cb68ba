import { Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { whenIdle } from '../../../lib/list-guard.js';
import { useClusterNodes, type ClusterNode } from '../api/get-cluster-nodes.js';

export function ClusterPage() {
  const { t } = useTranslation();
  const nodes = useClusterNodes();
  const flag = (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('common.yes') : t('common.no')}</Tag>;
  const columns: ColumnsType<ClusterNode> = [
    { title: t('cluster.node_id'), dataIndex: 'nodeId', key: 'nodeId' },
    { title: t('cluster.addr'), dataIndex: 'addr', key: 'addr' },
    { title: t('cluster.current_node'), dataIndex: 'currentNode', key: 'currentNode', render: flag },
    // The wire fields keep r-nacos's names; here they mean the lease-based leader and the node's lease state.
    { title: t('cluster.leader'), dataIndex: 'raftLeader', key: 'leader', render: flag },
    {
      title: t('cluster.state'),
      dataIndex: 'distroValid',
      key: 'state',
      render: (up: boolean) => <Tag color={up ? 'green' : 'red'}>{up ? 'UP' : 'DOWN'}</Tag>,
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title={t('cluster.title')}
        extra={<Button onClick={whenIdle(nodes.isFetching, () => void nodes.refetch())}>{t('common.refresh')}</Button>}
      />
      <PageBody>
        <Typography.Paragraph type="secondary">{t('cluster.intro')}</Typography.Paragraph>
        <Table<ClusterNode>
          rowKey="nodeId"
          size="middle"
          columns={columns}
          dataSource={nodes.isError ? [] : (nodes.data ?? [])}
          loading={nodes.isFetching}
          pagination={false}
        />
      </PageBody>
    </div>
  );
}
