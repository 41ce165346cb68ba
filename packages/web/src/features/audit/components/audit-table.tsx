import type { AuditRecord } from '@tsnacos/protocol';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.js';
import { usePager } from '../../../lib/paging.js';

export interface AuditTableProps {
  rows: AuditRecord[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  onPage(page: number, size: number): void;
}

const OUTCOME_COLOR = { ok: 'green', refused: 'orange', failed: 'red' } as const;

export function AuditTable(props: AuditTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const columns: ColumnsType<AuditRecord> = [
    { title: t('audit.time'), dataIndex: 'time', key: 'time', width: 170, render: formatDateTime },
    { title: t('audit.username'), dataIndex: 'username', key: 'username' },
    { title: t('audit.door'), dataIndex: 'door', key: 'door', width: 90 },
    { title: t('audit.client_ip'), dataIndex: 'clientIp', key: 'clientIp' },
    { title: t('audit.action'), dataIndex: 'action', key: 'action' },
    { title: t('audit.namespace'), dataIndex: 'namespaceId', key: 'namespaceId' },
    { title: t('audit.target'), dataIndex: 'target', key: 'target', ellipsis: true },
    {
      title: t('audit.outcome'),
      dataIndex: 'outcome',
      key: 'outcome',
      width: 100,
      render: (o: AuditRecord['outcome']) => <Tag color={OUTCOME_COLOR[o]}>{t(`audit.outcome_${o}`)}</Tag>,
    },
    { title: t('audit.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true },
  ];
  return (
    <Table<AuditRecord>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 900 }}
      pagination={pager({
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      })}
    />
  );
}
