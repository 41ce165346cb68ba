import type { McpServerDto } from '@tsnacos/protocol';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '../../../app/paths.js';
import { DeleteButton } from '../../../components/delete-button.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { usePager } from '../../../lib/paging.js';
import { hasUnpublishedDraft } from '../lib/server-state.js';

export interface McpServerTableProps {
  rows: McpServerDto[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  namespaceId: string;
  canUpdate: boolean;
  onPage(page: number, size: number): void;
  onEdit(row: McpServerDto): void;
  onPublish(row: McpServerDto): void;
  onDelete(row: McpServerDto): void;
}

export function ServerStatus({ server }: { server: McpServerDto }) {
  const { t } = useTranslation();
  if (!server.releaseValue) return <Tag>{t('mcpserver.not_published')}</Tag>;
  if (hasUnpublishedDraft(server)) return <Tag color="orange">{t('mcpserver.draft_pending')}</Tag>;
  return <Tag color="green">{t('mcpserver.up_to_date')}</Tag>;
}

export function McpServerTable(props: McpServerTableProps) {
  const { t } = useTranslation();
  const pager = usePager();
  const { canUpdate, namespaceId } = props;
  const columns: ColumnsType<McpServerDto> = [
    { title: t('mcpserver.name'), dataIndex: 'name', key: 'name' },
    { title: t('mcpserver.unique_key'), dataIndex: 'uniqueKey', key: 'uniqueKey' },
    { title: t('mcpserver.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('mcpserver.tool_count'),
      key: 'tools',
      width: 80,
      render: (_, row) => row.releaseValue?.tools.length ?? 0,
    },
    { title: t('mcpserver.status'), key: 'status', width: 140, render: (_, row) => <ServerStatus server={row} /> },
    {
      title: t('mcpserver.last_modified'),
      dataIndex: 'lastModifiedMillis',
      key: 'lastModified',
      width: 180,
      render: formatDateTime,
    },
    {
      title: t('common.operation'),
      key: 'operation',
      width: 240,
      render: (_, row) => (
        <Space size={0} wrap>
          <Link to={hrefs.mcpServer(namespaceId, row.id)}>
            <Button type="link" size="small">
              {t('common.detail')}
            </Button>
          </Link>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => props.onEdit(row)}>
              {t('common.edit')}
            </Button>
          )}
          {canUpdate && hasUnpublishedDraft(row) && (
            <Popconfirm
              title={t('mcpserver.publish_confirm', { name: row.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => props.onPublish(row)}
            >
              <Button type="link" size="small">
                {t('mcpserver.publish')}
              </Button>
            </Popconfirm>
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
    <Table<McpServerDto>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 1000 }}
      pagination={pager({
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
      })}
    />
  );
}
