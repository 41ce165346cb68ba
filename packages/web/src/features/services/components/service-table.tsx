import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '../../../app/paths.js';
import type { ServiceRow } from '../api/get-services.js';
import { DeleteButton } from '../../../components/delete-button.js';
import { usePager } from '../../../lib/paging.js';

export interface ServiceTableProps {
  rows: ServiceRow[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  namespaceId: string;
  canUpdate: boolean;
  onPage(page: number, size: number): void;
  onDetail(row: ServiceRow): void;
  onEdit(row: ServiceRow): void;
  onDelete(row: ServiceRow): void;
}

export function ServiceTable(props: ServiceTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const { namespaceId, canUpdate } = props;
  const ref = (row: ServiceRow) => ({ namespaceId, groupName: row.groupName, serviceName: row.name });
  const columns: ColumnsType<ServiceRow> = [
    { title: t('service.name'), dataIndex: 'name', key: 'name' },
    { title: t('service.group'), dataIndex: 'groupName', key: 'groupName' },
    { title: t('service.ip_count'), dataIndex: 'ipCount', key: 'ipCount', width: 110 },
    { title: t('service.healthy_count'), dataIndex: 'healthyInstanceCount', key: 'healthy', width: 150 },
    { title: t('service.protect_threshold'), dataIndex: 'protectThreshold', key: 'threshold', width: 140 },
    {
      title: t('common.operation'),
      key: 'operation',
      render: (_, row) => (
        <Space size={0} wrap>
          <Link to={hrefs.instances(ref(row))}>
            <Button type="link" size="small">
              {t('service.instances')}
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => props.onDetail(row)}>
            {t('common.detail')}
          </Button>
          <Link to={hrefs.subscribers(ref(row))}>
            <Button type="link" size="small">
              {t('service.subscribers')}
            </Button>
          </Link>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => props.onEdit(row)}>
              {t('common.edit')}
            </Button>
          )}
          {canUpdate && (
            <DeleteButton
              confirm={t('common.delete_confirm', { name: row.name })}
              onConfirm={() => props.onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<ServiceRow>
      rowKey={(row) => `${row.groupName}@@${row.name}`}
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 800 }}
      pagination={pager({
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      })}
    />
  );
}
